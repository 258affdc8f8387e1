// A bank file refused: the reason in words and where (a line of the file, or the element of an
// XML file when its parser gives no line). Nothing of a refused file is ever imported.
export class BankFileError extends Error {
  readonly line: number | undefined;
  readonly reason: string;

  constructor(reason: string, line?: number) {
    super(line ? `line ${line}: ${reason}` : reason);
    this.name = 'BankFileError';
    this.reason = reason;
    this.line = line;
  }
}
