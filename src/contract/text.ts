/**
 * Characters a visitor's name or file name must never carry into what we show or mail: C0 and
 * C1 control characters (a line break would end a mail header) and the bidirectional controls
 * (U+202E RIGHT-TO-LEFT OVERRIDE turns "photo‮gpj.exe" into "photoexe.jpg" on screen).
 */
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

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
