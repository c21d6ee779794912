import React, { useEffect, useRef } from "react"
import type { IGatsbyImageData } from "gatsby-plugin-image"
import * as styles from "./Picture.css"

type PictureProps = {
  image: IGatsbyImageData
  alt: string
  className?: string
  /** An image of the first view: fetched at once with high priority instead of lazily. */
  priority?: boolean
  onError?: () => void
}

/**
 * A responsive <picture> (AVIF, WebP, then the original format) from `gatsbyImageData`.
 * GatsbyImage's markup is not valid HTML (lazy images without `src`, a duplicate under
 * <noscript>) and it loads react-dom/server on every visit to hydrate; a plain <picture> with
 * native lazy loading needs no script, works with JavaScript off and validates. The blurred
 * placeholder is the image's background until the real image paints over it.
 */
export function Picture({ image, alt, className, priority = false, onError }: PictureProps) {
  const imgRef = useRef<HTMLImageElement>(null)
  const onErrorRef = useRef(onError)
  useEffect(() => {
    onErrorRef.current = onError
  })

  // A load or error that happened before hydration fired no React event.
  useEffect(() => {
    const img = imgRef.current
    if (!img?.complete || !img.currentSrc) return
    if (img.naturalWidth === 0) onErrorRef.current?.()
    else img.style.backgroundImage = "none"
  }, [])

  const { images, width, height, placeholder, backgroundColor } = image
  const fallback = images.fallback
  // React 18 does not know fetchPriority; the lowercase attribute passes through as is.
  const fetchPriority = priority ? { fetchpriority: "high" } : {}
  return (
    <picture className={className ? `${styles.picture} ${className}` : styles.picture}>
      {images.sources?.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={source.sizes} />
      ))}
      <img
        ref={imgRef}
        className={styles.image}
        src={fallback?.src}
        srcSet={fallback?.srcSet || undefined}
        sizes={fallback?.srcSet ? fallback.sizes : undefined}
        width={Math.round(width)}
        height={Math.round(height)}
        alt={alt}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "auto" : "async"}
        {...fetchPriority}
        style={{ backgroundColor, backgroundImage: placeholder?.fallback ? `url("${placeholder.fallback}")` : undefined }}
        onLoad={(event) => {
          event.currentTarget.style.backgroundImage = "none"
        }}
        onError={onError}
      />
    </picture>
  )
}
