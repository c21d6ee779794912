/**
 * localStorage that never throws: private browsing, disabled storage or a full quota must
 * not break the page, they only mean the preference is not remembered.
 */
export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

export function writeStorage(key: string, value: string): boolean {
  try {
    window.localStorage.setItem(key, value)
    return true
  } catch {
    return false
  }
}
