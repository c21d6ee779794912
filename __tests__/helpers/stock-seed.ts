/**
 * Two paid garments for the stock's browser test (e2e/stock.spec.mjs), run with tsx:
 *
 *   node --import tsx __tests__/helpers/stock-seed.ts <REGISTER_DIR> <LEADS_DIR> <request> <day>
 *
 * writes the request's folder (two garments, a photo each) into LEADS_DIR and one register entry
 * per garment, as the buy-back's payment writes them (Register.append, the garments' shape), paid
 * on `day`.
 */
import { Register } from "../../src/server/register/register"
import { garmentEntry, storeTwoGarmentRequest } from "./stock"

async function main(): Promise<void> {
  const [registerDir, leadsDir, request, day] = process.argv.slice(2)
  if (!registerDir || !leadsDir || !request || !day) throw new Error("usage : stock-seed.ts REGISTER_DIR LEADS_DIR demande jour")
  storeTwoGarmentRequest(leadsDir, request)
  const register = new Register(registerDir)
  await register.append(garmentEntry(request, { index: 0, brand: "Lacoste", nature: "Polo", size: "M" }, 1500, day))
  await register.append(garmentEntry(request, { index: 1, brand: "Ralph Lauren", nature: "Polo", size: "L", colour: "Marine" }, 2050, day))
}

void main()
