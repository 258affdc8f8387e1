// A CSV file's bytes to text, the same in main (the CLI) and the renderer (a file the user
// chose): French Excel's "CSV (séparateur: point-virgule)" is Windows-1252, its "CSV UTF-8" is
// UTF-8 with a BOM. Reading Windows-1252 as UTF-8 (File.text()) would turn "é" into "�".

/** Windows-1252's 0x80–0x9F (a Latin-1 decoder reads them as controls). */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';

/** A file's text: UTF-8 (BOM or not) when its bytes are UTF-8, else Windows-1252. */
export function decodeCsvBytes(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    let text = '';
    for (const byte of bytes)
      text += byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH[byte - 0x80] : String.fromCharCode(byte);
    return text;
  }
}
