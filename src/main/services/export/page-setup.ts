// How every sheet prints: on A4, as wide as the paper (never a column alone on a page of its
// own), as many pages down as it takes, the first row (a table's header, a document's title)
// repeated on each page, and landscape when its columns are wider than a portrait page. Plain
// data for exceljs's pageSetup; nothing here loads exceljs.

/** Characters of column width a portrait A4 page shows at 100 % with the default margins. */
const PORTRAIT_WIDTH = 95;
/** exceljs's (and the OOXML) paper size code of A4. */
const A4 = 9;

export interface PrintSetup {
  paperSize: number;
  orientation: 'portrait' | 'landscape';
  fitToPage: true;
  fitToWidth: 1;
  /** 0: as many pages down as needed. */
  fitToHeight: 0;
  /** Rows repeated at the top of each printed page. */
  printTitlesRow: string;
}

/** The page setup of a sheet whose columns have these widths (in characters). */
export function printSetup(widths: readonly number[]): PrintSetup {
  const wide = widths.reduce((sum, width) => sum + width, 0) > PORTRAIT_WIDTH;
  return {
    paperSize: A4,
    orientation: wide ? 'landscape' : 'portrait',
    fitToPage: true,
    fitToWidth: 1,
    fitToHeight: 0,
    printTitlesRow: '1:1',
  };
}
