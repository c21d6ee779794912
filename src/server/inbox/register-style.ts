/**
 * The register's own stylesheet (`registre.css`, after the inbox's: the pages' policy allows
 * styles from this site only): the shop's identity at its head, the search, the row's links, and
 * the labels' two print layouts (an A4 sheet of 3 × 8 labels of 70 × 37 mm, a 62 mm roll with one
 * label per page), set by named @page rules so that the browser's print dialog needs no setting.
 */
import { breakpoints, minWidth } from "../../styles/tokens/breakpoints"
import { fontSize } from "../../styles/tokens/type-scale"

export const REGISTER_CSS = `
.shop{display:grid;gap:4px 16px;margin:8px 0 12px;padding:12px 16px;border:1px solid var(--border);border-radius:12px;background:var(--surface)}
.shop div{display:flex;flex-wrap:wrap;gap:0 8px}
.shop dt{font-weight:600}
.shop dd{margin:0}
.shop .missing{color:var(--danger)}
.search{display:grid;gap:0 12px;margin:12px 0 0;padding:12px 16px;border:1px solid var(--border);border-radius:12px;background:var(--surface)}
.search input[type=search],.search input[type=date]{display:block;width:100%;min-height:44px;padding:8px 12px;border:1px solid var(--textMuted);border-radius:8px;background:var(--bg);color:var(--text);font:inherit}
.search-actions{display:flex;flex-wrap:wrap;gap:8px;align-items:end;margin-top:12px}
.selection{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:8px;margin:12px 0 0}
.selection p{margin:0;font-weight:600}
.selection-actions{display:flex;flex-wrap:wrap;gap:8px}
.row-actions{display:flex;flex-wrap:wrap;gap:0 12px}
.row-actions a{display:inline-flex;align-items:center;min-height:44px}
.label-format{margin:12px 0}
.label-format .button{margin-top:12px}
.labels{display:grid;grid-template-columns:repeat(auto-fill,minmax(200px,1fr));gap:12px;margin-top:12px}
.label{display:flex;flex-direction:column;align-items:center;justify-content:center;gap:2px;padding:8px;border:1px dashed var(--textMuted);border-radius:6px;background:#fff;color:#000;text-align:center;overflow:hidden}
.label-number{font-size:${fontSize[150]};font-weight:800;line-height:1.1}
.label .barcode{width:90%;height:48px}
.label-line{font-size:${fontSize[90]};line-height:1.2}
@media ${minWidth(breakpoints.md)}{
.search{grid-template-columns:minmax(0,2fr) minmax(0,1fr) minmax(0,1fr) auto;align-items:end}
.search .field{margin:0}
}
@page sheet{size:A4;margin:10mm 0 0 0}
@page roll{size:62mm 40mm;margin:0}
@media print{
.shop{border:0;padding:0;background:none}
.labels{gap:0;margin:0}
.label{border:0;border-radius:0}
.labels-a4{page:sheet;grid-template-columns:repeat(3,70mm);grid-auto-rows:37mm}
.labels-a4 .label{box-sizing:border-box;width:70mm;height:37mm;padding:2mm}
.labels-rouleau{page:roll;display:block}
.labels-rouleau .label{box-sizing:border-box;width:62mm;height:40mm;padding:2mm;break-inside:avoid}
.labels-rouleau .label+.label{break-before:page}
body:has(.labels-rouleau),body:has(.labels-rouleau) main{page:roll;margin:0;padding:0;min-height:0}
body:has(.labels-a4),body:has(.labels-a4) main{page:sheet;margin:0;padding:0;min-height:0}
.label-number{font-size:20pt}
.label .barcode{height:12mm}
.label-line{font-size:8pt}
}
`
