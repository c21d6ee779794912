/** Text placed in HTML the server writes itself (the studio's login page, the inbox): every character that could open markup or end an attribute becomes a character reference. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)
}
