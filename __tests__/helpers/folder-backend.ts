/**
 * A Decap backend implementation over a folder, standing in for the git host in the studio's
 * browser-rules tests (src/admin-rules/): it reads the folder as the repository, records what
 * would be committed, and commits nothing.
 */
import fs from "node:fs"
import path from "node:path"
import type { Asset, BackendImplementation, DataFile } from "../../src/admin-rules/decap"

export type FolderBackend = BackendImplementation & {
  readonly commits: Array<{ dataFiles?: DataFile[]; assets?: Asset[]; media?: Asset; deleted?: string[] }>
  readonly mediaFilesRead: string[]
}

/** `root` holds the repository (its `content/` folder). */
export function folderBackend(root: string): FolderBackend {
  const commits: FolderBackend["commits"] = []
  const mediaFilesRead: string[] = []
  const at = (repositoryPath: string) => path.join(root, ...repositoryPath.split("/"))
  return {
    commits,
    mediaFilesRead,
    async getEntry(repositoryPath) {
      return { data: fs.existsSync(at(repositoryPath)) ? fs.readFileSync(at(repositoryPath), "utf8") : null }
    },
    async getMedia(folder = "") {
      if (!fs.existsSync(at(folder))) throw new Error("404")
      return fs.readdirSync(at(folder)).map((name) => ({ path: `${folder}/${name}` }))
    },
    async getMediaFile(repositoryPath) {
      mediaFilesRead.push(repositoryPath)
      return { file: new Blob([fs.readFileSync(at(repositoryPath))]) }
    },
    async persistEntry(entry) {
      commits.push(entry)
    },
    async persistMedia(media) {
      commits.push({ media })
    },
    async deleteFiles(deleted) {
      commits.push({ deleted })
    },
  }
}
