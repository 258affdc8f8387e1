// The CSV file a user chose in a file input, as text: what the third parties' import and the
// ECB rates' import both read the same way.
import { decodeCsvBytes } from '#shared/csv-bytes.ts';

/** The file chosen in the input `event` came from, decoded (decodeCsvBytes: UTF-8 or
 * Windows-1252); the input is emptied, so that the same file may be chosen again after a fix.
 * null when none was chosen; 'unreadable' when its bytes are not such text. */
export async function chosenCsv(
  event: Event,
): Promise<{ name: string; csv: string } | 'unreadable' | null> {
  const input = event.currentTarget as HTMLInputElement;
  const file = input.files?.[0];
  input.value = '';
  if (!file) return null;
  try {
    return { name: file.name, csv: decodeCsvBytes(new Uint8Array(await file.arrayBuffer())) };
  } catch {
    return 'unreadable';
  }
}
