export { EstimateForm, type EstimateFormCopy } from "./EstimateForm"
