// The XML reading shared by CAMT.053 and OFX: fast-xml-parser, values kept as text (an amount
// or an id must not become a float), namespaces dropped, the repeating elements always arrays.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { BankFileError } from './bank-file-error.ts';

export type XmlNode = Record<string, unknown>;

export function parseXml(text: string, arrays: ReadonlySet<string>): XmlNode {
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    // Unclosed elements at the end: the validator lists them and says line 1; say the end.
    const unclosed = /^Invalid '(\[[\s\S]*\])' found/.exec(valid.err.msg);
    if (unclosed) {
      const open = JSON.parse(unclosed[1]!) as string[];
      const lines = text.split('\n').length;
      throw new BankFileError(
        `the XML is broken or truncated: the file ends inside <${open.at(-1)}>`,
        lines,
      );
    }
    throw new BankFileError(`the XML is broken or truncated: ${valid.err.msg}`, valid.err.line);
  }
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    processEntities: true,
    isArray: (name) => arrays.has(name),
  });
  return parser.parse(text) as XmlNode;
}

/** The child at a path of element names, or undefined. */
export function child(node: unknown, ...path: string[]): unknown {
  let at: unknown = node;
  for (const name of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as XmlNode)[name];
  }
  return at;
}

/** The text of an element (an element with attributes keeps it under #text). */
export function text(node: unknown, ...path: string[]): string | undefined {
  const at = child(node, ...path);
  if (typeof at === 'string') return at.trim() || undefined;
  if (typeof at === 'number') return String(at);
  if (at && typeof at === 'object' && '#text' in at)
    return String((at as XmlNode)['#text']).trim() || undefined;
  return undefined;
}

export function list(node: unknown, ...path: string[]): unknown[] {
  const at = child(node, ...path);
  return Array.isArray(at) ? at : at === undefined || at === '' ? [] : [at];
}
