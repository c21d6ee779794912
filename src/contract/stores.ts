/**
 * GET /api/vinted/stores answers `{ "stores": Store[] }`: the embedded backend
 * (src/server/vinted/handlers.ts) sends the shops of content/shops.json; the page (src/lib/api.ts) reads
 * only each store's `stats`, so another backend may send more fields.
 */
export type StoreStats = { readonly total_sales: number; readonly rating: number }

export type Store = { readonly id: string; readonly name: string; readonly url: string; readonly stats: StoreStats }
