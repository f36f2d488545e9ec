/**
 * The standard PDF fonts (Helvetica and its bold) only know Windows-1252: letters outside it are folded
 * to their base letter (Nguyễn → Nguyen) rather than printed as garbage; anything else becomes "?".
 * Every text a Kerb PDF prints that a person typed goes through `toWinAnsi`.
 */
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");
// Letters whose base letter Unicode decomposition does not give.
const FOLDS: Record<string, string> = { đ: "d", Đ: "D", ł: "l", Ł: "L", ı: "i", ħ: "h", Ħ: "H" };
const isWinAnsi = (ch: string) => {
  const code = ch.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch);
};

export function toWinAnsi(text: string): string {
  let out = "";
  for (const ch of text) {
    if (isWinAnsi(ch)) out += ch;
    else if (FOLDS[ch]) out += FOLDS[ch];
    else if (/\s/.test(ch)) out += " ";
    else {
      const base = [...ch.normalize("NFD")].filter((c) => isWinAnsi(c)).join("");
      out += base || "?";
    }
  }
  return out;
}
