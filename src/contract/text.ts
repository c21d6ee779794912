/**
 * Characters a visitor's name or file name must never carry into what we show, mail or store: C0
 * and C1 control characters (a line break would end a mail header), the bidirectional controls
 * (U+202E RIGHT-TO-LEFT OVERRIDE turns "photo‮gpj.exe" into "photoexe.jpg" on screen), and the
 * characters that draw nothing: zero-width spaces and joiners, the byte order mark, the word
 * joiner and invisible operators, the soft hyphen, fillers. "Du\u200bpont" must be "Dupont", or
 * the register's seller is not the one a search, a comparison or an officer reads.
 */
// U+034F COMBINING GRAPHEME JOINER is matched alone, never as part of a sequence: removing it is the point.
const INVISIBLE =
  // eslint-disable-next-line no-control-regex, no-misleading-character-class
  /[\u0000-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\u3164\ufeff\uffa0\ufff9-\ufffb]/g

export function withoutInvisibles(text: string): string {
  return text.replace(INVISIBLE, "")
}

/**
 * A multi-line text (an address, a description, a message) as it is kept: line breaks normalised
 * to \n and kept, every other invisible character removed from each line.
 */
export function withoutInvisiblesKeepingLines(text: string): string {
  return text
    .split(/\r\n?|\n/)
    .map(withoutInvisibles)
    .join("\n")
}
