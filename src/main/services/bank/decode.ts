// Bank files come in UTF-8 or, for French OFX 1.x and CFONB, in Windows-1252: bytes that are
// not valid UTF-8 are read as Windows-1252 (which maps every byte), never replaced by "�".
export function decodeBankBytes(bytes: Uint8Array, charset?: string): string {
  const text =
    charset && /1252|latin|8859/i.test(charset)
      ? new TextDecoder('windows-1252').decode(bytes)
      : utf8OrWindows1252(bytes);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function utf8OrWindows1252(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}
