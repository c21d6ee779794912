/** A font file imported for its address: Gatsby's webpack file loader gives its public URL. */
declare module "*.woff2" {
  const url: string
  export default url
}
