export { ToastProvider, useToast, type ToastInput, type ToastVariant } from "./Toast"
