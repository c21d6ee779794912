/**
 * The stock room's own stylesheet (stock.css), after the inbox's (the owner rooms' frame): the
 * cards with their photo, the filters, the item's photo and its steps, the status badges. Colours
 * from the site's palettes through the inbox's variables; built for a finger first (44 px controls).
 */
import { breakpoints, minWidth } from "../../styles/tokens/breakpoints"
import { fontSize } from "../../styles/tokens/type-scale"

export const STOCK_CSS = `
.stock-card{display:grid;grid-template-columns:96px minmax(0,1fr);gap:12px;align-items:start}
.stock-card>*{grid-column:auto}
.stock-thumb{display:block;width:96px;height:120px;object-fit:cover;border-radius:8px;background:var(--surfaceMuted)}
.stock-total{margin:0 0 12px}
.stock-filters{display:flex;flex-wrap:wrap;align-items:end;gap:8px 12px;margin:0 0 16px}
.stock-filters .field{margin:0;flex:1 1 140px}
.stock-filters .button{flex:0 0 auto}
.stock-en_stock{background:var(--primarySoft);color:var(--primary)}
.stock-en_vente{background:var(--successSoft);color:var(--success)}
.stock-vendu{background:var(--surfaceMuted);color:var(--text)}
.stock-retire{color:var(--textMuted)}
.stock-photo{margin:12px 0 0}
.stock-photo img{display:block;width:100%;max-width:240px;height:auto;aspect-ratio:4/5;object-fit:cover;border-radius:12px;background:var(--surfaceMuted)}
.stock-step h2{margin-bottom:4px}
.stock-form .button{margin-top:12px}
.stock-margin{margin:8px 0 0;font-weight:600}
.stock-margin output:empty{display:none}
.stock-margin-value{font-size:${fontSize[115]}}
.stock-history{display:grid;gap:6px;font-size:${fontSize[95]}}
.stock-history time{color:var(--textMuted)}
.stock-files{display:flex;flex-wrap:wrap;gap:8px;margin:12px 0}
.stock-dates summary{display:flex;align-items:center;gap:8px;min-height:44px;cursor:pointer;font-weight:600}
.stock-dates summary::before{content:"+";color:var(--primary)}
.stock-dates[open] summary::before{content:"−"}
.stock-vat p{margin:4px 0}
@media ${minWidth(breakpoints.md)}{
.stock-photo img{max-width:400px}
}
@media print{
.stock-vat{border:0;padding:0}
}
`
