// The XML reading shared by CAMT.053 and OFX: fast-xml-parser, values kept as text (an amount
// or an id must not become a float), namespaces dropped.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { BankFileError } from './bank-file-error.ts';

export type XmlNode = Record<string, unknown>;

/** The document as nested objects; an element that repeats is an array (list() reads both). */
export function parseXml(text: string): XmlNode {
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
    // Entities are decoded by text() on the few values read: the parser's own pass costs a
    // third of a large statement's time.
    processEntities: false,
    // No callback reads an element's path: building it as text for each element (the default)
    // was a third of a year's CAMT.053 parse (issue 29, item 4 of the brief: BENCHMARKS.md).
    jPath: false,
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

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (_m, name: string) =>
    name.startsWith('#x')
      ? String.fromCodePoint(parseInt(name.slice(2), 16))
      : name.startsWith('#')
        ? String.fromCodePoint(Number(name.slice(1)))
        : ENTITIES[name]!,
  );
}

/** The text of an element (an element with attributes keeps it under #text), entities decoded. */
export function text(node: unknown, ...path: string[]): string | undefined {
  const at = child(node, ...path);
  const raw =
    typeof at === 'string' || typeof at === 'number'
      ? String(at)
      : at && typeof at === 'object' && '#text' in at
        ? String((at as XmlNode)['#text'])
        : undefined;
  return raw === undefined ? undefined : decodeEntities(raw.trim()) || undefined;
}

export function list(node: unknown, ...path: string[]): unknown[] {
  const at = child(node, ...path);
  return Array.isArray(at) ? at : at === undefined || at === '' ? [] : [at];
}
