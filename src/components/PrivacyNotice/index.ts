export { PrivacyNotice } from "./PrivacyNotice"
