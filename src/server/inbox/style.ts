/**
 * The inbox's one stylesheet, served as a file (`inbox.css`: the pages' policy allows styles from
 * this site only, none inline). Colours are the site's two palettes (src/styles/tokens/palette.ts),
 * chosen by the phone's or computer's own light/dark setting; sizes from the type scale. Built for
 * a finger first: every link, button and choice is at least 44 px high, nothing is wider than a
 * 320 px screen.
 */
import { breakpoints, minWidth, prefers } from "../../styles/tokens/breakpoints"
import { darkPalette, lightPalette } from "../../styles/tokens/palette"
import { fontSize } from "../../styles/tokens/type-scale"

const variables = (palette: Readonly<Record<string, string>>) =>
  Object.entries(palette)
    .map(([role, colour]) => `--${role}:${colour}`)
    .join(";")

export const INBOX_CSS = `
:root{${variables(lightPalette)};color-scheme:light;--page:960px}
@media ${prefers.dark}{:root{${variables(darkPalette)};color-scheme:dark}}
*,*::before,*::after{box-sizing:border-box}
body{margin:0;background:var(--bgAlt);color:var(--text);font:${fontSize[100]}/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;overflow-wrap:break-word}
ul,ol{list-style:none;margin:0;padding:0}
a{color:var(--primary)}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
h1{font-size:${fontSize[150]};line-height:1.2;margin:0}
h2{font-size:${fontSize[115]};margin:0 0 8px}
small,.hint,.meta{color:var(--textMuted)}
.bar{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:0 8px;padding:4px max(4px,calc((100% - var(--page)) / 2 + 16px));background:var(--surface);border-bottom:1px solid var(--border);position:sticky;top:0;z-index:1;white-space:nowrap}
.bar nav{display:flex;flex-wrap:wrap;align-items:center;gap:4px}
.bar a,.bar button{display:inline-flex;align-items:center;min-height:44px;padding:0 8px;border-radius:8px;color:var(--text);font:inherit;font-weight:600;text-decoration:none;background:none;border:0;cursor:pointer}
.bar a:hover,.bar button:hover{background:var(--surfaceMuted)}
.bar a[aria-current="page"]{color:var(--primary)}
.bar .rooms a[aria-current="page"]{font-size:${fontSize[115]}}
.bar form{margin:0}
main{max-width:var(--page);margin:0 auto;padding:16px 12px 48px}
.page-head{display:flex;flex-wrap:wrap;align-items:center;gap:8px 12px;margin-bottom:8px}
.page-head>.button{margin-left:auto}
.count{color:var(--textMuted);font-weight:400}
.button{display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:0 18px;border-radius:999px;border:1px solid var(--border);background:var(--surface);color:var(--text);font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
.button:hover{border-color:var(--primary)}
.button.primary{background:var(--primary);border-color:var(--primary);color:var(--onPrimary)}
.button.primary:hover{background:var(--primaryHover)}
.button.danger{background:var(--danger);border-color:var(--danger);color:var(--bg)}
.button[disabled]{opacity:.6;cursor:progress}
.notice,.problem{margin:0 0 12px;padding:10px 14px;border-radius:8px}
.notice{background:var(--successSoft);color:var(--success)}
.problem{background:var(--surface);color:var(--danger);border:2px solid var(--danger)}
.outcome:empty{display:none}
.chips{display:flex;flex-wrap:wrap;gap:8px;margin:0 0 16px}
.chip{display:inline-flex;align-items:center;gap:6px;min-height:44px;padding:0 12px;font-size:${fontSize[95]};border-radius:999px;border:1px solid var(--border);background:var(--surface);color:var(--text);text-decoration:none}
.chip[aria-current=page]{background:var(--primary);border-color:var(--primary);color:var(--onPrimary)}
.chip[aria-current=page] .count{color:inherit}
.chip .total{font-weight:700}
.search{margin:0 0 12px}
.search label{display:block;font-weight:600;margin-bottom:4px}
.search input{min-height:44px;padding:8px 12px;border:1px solid var(--textMuted);border-radius:8px;background:var(--bg);color:var(--text);font:inherit}
.search p{margin:6px 0 0}
.owed{font-size:${fontSize[115]};margin:0 0 12px}
.sale{margin:4px 0;font-weight:600}
.badge.expired{background:var(--danger);color:var(--bg)}
.cards{display:grid;gap:12px}
.card{position:relative;background:var(--surface);border:1px solid var(--border);border-radius:14px;padding:14px}
.card:hover{border-color:var(--primary)}
.card p{margin:4px 0}
.card-title{font-size:${fontSize[105]};margin:6px 0 2px}
.card-title a{color:var(--text);text-decoration:none}
.card-title a::after{content:"";position:absolute;inset:0;border-radius:14px}
.card-title a:focus-visible{outline:none}
.card-title a:focus-visible::after{outline:3px solid var(--focus);outline-offset:2px}
.email{font-weight:400}
.excerpt{color:var(--text)}
.kind{color:var(--textMuted);font-size:${fontSize[90]}}
.badge{display:inline-block;padding:2px 10px;border-radius:999px;font-size:${fontSize[87.5]};font-weight:600;background:var(--surfaceMuted);color:var(--text)}
.status-new{background:var(--primarySoft);color:var(--primary)}
.status-accepted,.status-paid{background:var(--successSoft);color:var(--success)}
.status-refused{color:var(--danger)}
.status-archived{color:var(--textMuted)}
.thumbs{display:flex;flex-wrap:wrap;gap:6px;margin:8px 0}
.thumbs img{display:block;width:64px;height:64px;border-radius:8px;object-fit:cover;background:var(--surfaceMuted)}
.delivery{font-size:${fontSize[90]};color:var(--textMuted)}
.delivery-label{font-weight:600}
.tone-ok .delivery-label{color:var(--success)}
.tone-fail .delivery-label,.tone-fail{color:var(--danger)}
.pager{display:flex;flex-wrap:wrap;align-items:center;justify-content:center;gap:12px;margin-top:16px}
.empty{padding:24px;text-align:center;background:var(--surface);border:1px dashed var(--border);border-radius:14px}
.back{margin:0 0 8px}
.back a{display:inline-flex;align-items:center;min-height:44px}
.actions{margin:12px 0}
section{background:var(--surface);border:1px solid var(--border);border-radius:14px;padding:14px;margin-top:12px}
.facts{margin:0;display:grid;gap:8px}
.facts div{display:grid;gap:2px}
.facts dt{color:var(--textMuted);font-size:${fontSize[90]}}
.facts dd{margin:0}
.facts dd a{display:inline-flex;align-items:center;min-height:44px}
.facts .wide{grid-column:1/-1}
.prose{white-space:pre-wrap;margin:8px 0 0}
.photos{display:grid;gap:12px}
.garments{list-style:none;margin:0;padding:0;display:grid;gap:20px}
.garments>li{display:grid;gap:8px;padding-top:12px;border-top:1px solid var(--border)}
.photos figure{margin:0}
.photos figure>a{display:block;aspect-ratio:1;border-radius:8px;background:var(--surfaceMuted)}
.photos img{display:block;width:100%;height:100%;object-fit:contain}
.photos figcaption{font-size:${fontSize[90]};color:var(--textMuted);margin-top:4px}
.photos figcaption a{display:inline-flex;align-items:center;min-height:44px}
.conversation{display:grid;gap:8px}
.conversation li{padding:8px 12px;border-radius:12px;background:var(--surfaceMuted);max-width:85%}
.conversation .from-user{justify-self:end;background:var(--primarySoft)}
.conversation .who{margin:0;font-size:${fontSize[87.5]};font-weight:600}
.conversation .prose{margin:2px 0 0}
fieldset{border:0;margin:0;padding:0}
legend{font-weight:600;margin-bottom:8px}
.choices{display:flex;flex-wrap:wrap;gap:8px}
.choice{display:inline-flex;align-items:center;gap:8px;min-height:44px;padding:0 14px;border:1px solid var(--border);border-radius:999px;cursor:pointer}
.choice:has(input:checked){border-color:var(--primary);background:var(--primarySoft)}
.choice input{width:20px;height:20px;margin:0;accent-color:var(--primary)}
.handling label[for=note],.handling label[for=reponse],.handling label[for=formulations]{display:block;font-weight:600;margin:16px 0 4px}
.handling .hint{margin:0 0 4px}
.card .actions{position:relative;z-index:1;display:flex;flex-wrap:wrap;gap:8px;margin:8px 0 0}
.actions form{margin:0}
textarea{display:block;width:100%;min-height:120px;padding:10px 12px;border:1px solid var(--textMuted);border-radius:8px;background:var(--bg);color:var(--text);font:inherit;resize:vertical}
.handling .button{margin-top:12px}
.handling .outcome{margin-top:12px}
.erase p{margin:8px 0 12px}
.erase summary{display:flex;align-items:center;min-height:44px;cursor:pointer;color:var(--danger);font-weight:600}
.step{margin-top:16px;padding-top:12px;border-top:1px solid var(--border)}
h3{font-size:${fontSize[105]};margin:0 0 4px}
.field{margin:12px 0 0}
.field>label,.field>legend{display:block;font-weight:600;margin-bottom:4px}
.field input[type=text],.field input[type=date],.field select{display:block;width:100%;min-height:44px;padding:8px 12px;border:1px solid var(--textMuted);border-radius:8px;background:var(--bg);color:var(--text);font:inherit}
.correction{margin-top:24px;padding:16px;border:1px solid var(--border);border-radius:12px;background:var(--surface)}
.correction h2{margin:0 0 4px}
.correction .actions{display:flex;flex-wrap:wrap;gap:8px;margin-top:16px}
.correction textarea{min-height:72px}
[aria-invalid=true]{border:2px solid var(--danger)!important}
.error{display:block;color:var(--danger);font-weight:600;margin-top:4px}
.step .button{margin-top:12px}
.copy-row{display:flex;gap:8px;align-items:center}
.copy-row input{flex:1;min-width:0}
.copy-row .button{margin:0}
.copy-row p{flex:1;margin:0;min-width:12em}
.copy-row:has(p){flex-wrap:wrap}
.iban{font-family:ui-monospace,monospace;letter-spacing:.02em}
.stage-accepted,.stage-received,.stage-paid{background:var(--successSoft);color:var(--success)}
.stage-refused,.stage-rejected,.stage-expired{color:var(--danger)}
fieldset.garment{border:1px solid var(--border);border-radius:10px;padding:10px 12px;margin:14px 0 0}
fieldset.garment>legend{font-weight:700;padding:0 4px}
.reception-photos{display:flex;flex-wrap:wrap;gap:8px;list-style:none;margin:4px 0 8px;padding:0}
.reception-photos a{display:block;width:88px;height:88px;border-radius:8px;overflow:hidden;background:var(--surfaceMuted)}
.reception-photos img{display:block;width:100%;height:100%;object-fit:cover}
.kept{margin:4px 0;padding-left:20px}
.table-scroll{overflow-x:auto;margin-top:8px}
.register{border-collapse:collapse;width:100%;background:var(--surface);font-size:${fontSize[90]}}
.table-title{font-size:${fontSize[100]};margin:16px 0 0}
.register th,.register td{border:1px solid var(--border);padding:6px 8px;text-align:left;vertical-align:top}
.register .number{text-align:right;white-space:nowrap}
@media print{
:root{--text:#000;--textMuted:#333;--surface:#fff;--bgAlt:#fff;--bg:#fff;--border:#999}
body{background:#fff;color:#000;font-size:9pt}
.bar,.no-print,.button{display:none!important}
main{max-width:none;padding:0}
.table-scroll{overflow:visible}
.register{font-size:8pt}
.register tr{break-inside:avoid}
}
@media ${minWidth(breakpoints.md)}{
main{padding:24px 24px 64px}
.card{display:grid;grid-template-columns:minmax(0,1fr) auto;column-gap:16px}
.card>*{grid-column:1}
.card>.thumbs{grid-column:2;grid-row:1/span 6;align-self:center;margin:0}
.photos{grid-template-columns:repeat(2,minmax(0,1fr))}
.facts{grid-template-columns:repeat(2,minmax(0,1fr))}
}
@media ${minWidth(breakpoints.lg)}{
:root{--page:1100px}
.columns{display:grid;grid-template-columns:minmax(0,1fr) 340px;gap:0 16px;align-items:start}
.columns:has(form[action$="/reception"]){grid-template-columns:minmax(0,1fr) minmax(0,1fr)}
}
`
