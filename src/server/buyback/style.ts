/**
 * The seller's page's one stylesheet (`/suivi/suivi.css`; the page's policy allows styles from
 * this site only, none inline), from the site's tokens as the owner's inbox does: both palettes,
 * chosen by the device's light/dark setting, the type scale, the breakpoints. Phone first: every
 * button, link and field at least 44 px high, nothing wider than a 320 px screen.
 */
import { breakpoints, minWidth, prefers } from "../../styles/tokens/breakpoints"
import { darkPalette, lightPalette } from "../../styles/tokens/palette"
import { fontSize } from "../../styles/tokens/type-scale"

const variables = (palette: Readonly<Record<string, string>>) =>
  Object.entries(palette)
    .map(([role, colour]) => `--${role}:${colour}`)
    .join(";")

export const SELLER_CSS = `
:root{${variables(lightPalette)};color-scheme:light}
@media ${prefers.dark}{:root{${variables(darkPalette)};color-scheme:dark}}
*,*::before,*::after{box-sizing:border-box}
body{margin:0;background:var(--bgAlt);color:var(--text);font:${fontSize[100]}/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;overflow-wrap:break-word}
a{color:var(--primary)}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.bar{padding:10px 16px;background:var(--surface);border-bottom:1px solid var(--border);font-weight:700;color:var(--primary);font-size:${fontSize[115]}}
main{max-width:720px;margin:0 auto;padding:16px 12px 48px}
h1{font-size:${fontSize[150]};line-height:1.2;margin:0 0 4px}
h2{font-size:${fontSize[115]};margin:0 0 8px}
p{margin:8px 0}
.meta,.hint,small{color:var(--textMuted)}
section{background:var(--surface);border:1px solid var(--border);border-radius:14px;padding:14px;margin-top:12px}
.facts{margin:0;display:grid;gap:8px}
.facts div{display:grid;gap:2px}
.facts dt{color:var(--textMuted);font-size:${fontSize[90]}}
.facts dd{margin:0}
.timeline{list-style:none;margin:0;padding:0;display:grid;gap:4px}
.timeline li{display:flex;gap:10px;align-items:baseline;padding:6px 0;color:var(--textMuted)}
.timeline li::before{content:"";flex:none;width:12px;height:12px;border-radius:50%;border:2px solid var(--border);transform:translateY(1px)}
.timeline .done{color:var(--text)}
.timeline .done::before{content:"✓";display:grid;place-items:center;width:18px;height:18px;color:var(--bg);font-size:${fontSize[75]};font-weight:700;line-height:1;background:var(--success);border-color:var(--success);transform:translateY(3px)}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.timeline .current{color:var(--text);font-weight:700}
.timeline .current::before{background:var(--primary);border-color:var(--primary)}
.timeline .stop::before{background:var(--danger);border-color:var(--danger)}
.amount{font-size:${fontSize[150]};font-weight:700;margin:4px 0}
.garments{list-style:none;margin:0;padding:0;display:grid;gap:10px}
.garments li{border-top:1px solid var(--border);padding-top:10px}
.garments li:first-child{border-top:0;padding-top:0}
.garment-head{display:flex;flex-wrap:wrap;justify-content:space-between;gap:4px 12px;align-items:baseline}
.price{font-weight:700;white-space:nowrap}
.price s,.total s{font-weight:400;color:var(--textMuted)}
.total s{font-size:0.7em}
.total{margin-top:12px;padding-top:10px;border-top:2px solid var(--border)}
.total .amount{display:inline}
.prose{white-space:pre-line}
.button{display:inline-flex;align-items:center;justify-content:center;min-height:48px;padding:0 20px;border-radius:999px;border:1px solid var(--border);background:var(--surface);color:var(--text);font:inherit;font-weight:600;text-decoration:none;cursor:pointer;width:100%}
.button:hover{border-color:var(--primary)}
.button.primary{background:var(--primary);border-color:var(--primary);color:var(--onPrimary)}
.button.primary:hover{background:var(--primaryHover)}
.choices-row{display:grid;gap:10px;margin-top:12px}
details.accept>summary{list-style:none}
details.accept>summary::-webkit-details-marker{display:none}
details.accept[open]>summary{display:none}
details.refuse>summary{list-style:none}
details.refuse>summary::-webkit-details-marker{display:none}
details.refuse[open]>summary{display:none}
.confirm{display:grid;gap:10px;padding:12px;border:2px solid var(--danger);border-radius:12px}
.confirm p{margin:0}
.button.danger{background:var(--danger);border-color:var(--danger);color:var(--bg)}
.terms{margin:8px 0;padding-left:20px}
.address{font-weight:600}
.shop{max-width:720px;margin:0 auto;padding:0 12px 40px;color:var(--textMuted)}
.shop h2{color:var(--text)}
.shop .links a{display:inline-block;padding:12px 0}
.shop a[href^="tel:"],.shop a[href^="mailto:"]{display:inline-block;padding:10px 0}
table{width:100%;border-collapse:collapse}
th,td{text-align:left;padding:8px 6px;border-bottom:1px solid var(--border);vertical-align:top}
.price{text-align:right;white-space:nowrap}
@page{size:A4;margin:15mm}
@media print{
:root{--text:#000;--textMuted:#333;--surface:#fff;--bgAlt:#fff;--bg:#fff;--border:#999}
.bar,.no-print,.shop .hint{display:none!important}
/* The receipt names the shop in « Acheteur », its contact included: printed once, on one A4 page. */
.receipt footer.shop{display:none}
section{border:none;padding:0;margin-top:16px}
a{color:inherit;text-decoration:none}
}
form{margin:0}
.field{margin:14px 0 0}
.field label,.field legend{display:block;font-weight:600;margin-bottom:4px}
input[type=text],input[type=date],select,textarea{display:block;width:100%;min-height:48px;padding:10px 12px;border:1px solid var(--textMuted);border-radius:8px;background:var(--bg);color:var(--text);font:inherit}
textarea{min-height:96px;resize:vertical}
[aria-invalid=true]{border:2px solid var(--danger)}
.error{display:block;color:var(--danger);font-weight:600;margin-top:4px}
.check{display:flex;gap:10px;align-items:flex-start;min-height:44px;font-weight:400}
.check input{width:24px;height:24px;margin:2px 0 0;flex:none;accent-color:var(--primary)}
fieldset{border:0;margin:0;padding:0;min-width:0}
.field .option{display:flex;gap:12px;align-items:center;min-height:52px;margin-top:8px;padding:10px 14px;border:1px solid var(--textMuted);border-radius:10px;font-weight:400;cursor:pointer}
.field .option:has(input:checked){border:2px solid var(--primary);padding:9px 13px}
.option input{width:24px;height:24px;margin:0;flex:none;accent-color:var(--primary)}
.notice,.problem{margin:12px 0 0;padding:10px 14px;border-radius:8px}
.notice{background:var(--successSoft);color:var(--success)}
.problem{background:var(--surface);color:var(--danger);border:2px solid var(--danger)}
.submit{margin-top:18px}
@media ${minWidth(breakpoints.md)}{
main{padding:24px 24px 64px}
.choices-row{grid-template-columns:1fr 1fr}
.facts{grid-template-columns:repeat(3,minmax(0,1fr))}
.button{width:auto}
}
`
