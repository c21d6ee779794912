/**
 * Last line of defence: an error nothing else caught is logged and the server keeps serving the
 * other requests (Node's default is to end the process). Every known cause is handled where it
 * arises (src/server/http/body.ts, apiFunction, the error handlers); this only keeps an unknown one
 * from taking the site down, and makes it visible in the log.
 */
export function installSafetyNet(log: (...parts: unknown[]) => void = console.error): void {
  process.on("uncaughtException", (error) => log("serve : erreur non rattrapée, le serveur continue :", error))
  process.on("unhandledRejection", (reason) => log("serve : promesse rejetée sans traitement, le serveur continue :", reason))
}
