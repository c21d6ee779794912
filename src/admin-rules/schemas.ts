/**
 * content/schemas/, bundled into the studio's rules (the same files the build of this site read):
 * typed by CONTENT_FILES, so a content file added without its schema here does not compile.
 */
import type { ContentFile } from "../../build-steps/content/rules"
import brands from "../../content/schemas/brands.schema.json"
import buyback from "../../content/schemas/buyback.schema.json"
import categories from "../../content/schemas/categories.schema.json"
import chat from "../../content/schemas/chat.schema.json"
import engine from "../../content/schemas/engine.schema.json"
import legal from "../../content/schemas/legal.schema.json"
import news from "../../content/schemas/news.schema.json"
import shops from "../../content/schemas/shops.schema.json"
import site from "../../content/schemas/site.schema.json"
import soldItems from "../../content/schemas/sold-items.schema.json"
import splash from "../../content/schemas/splash.schema.json"

export const SCHEMAS: Record<ContentFile, unknown> = {
  site,
  splash,
  shops,
  brands,
  "sold-items": soldItems,
  categories,
  news,
  engine,
  buyback,
  chat,
  legal,
}
