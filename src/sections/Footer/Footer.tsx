import React from "react"
import { withPrefix } from "gatsby"
import { copy } from "../../copy"
import { LEGAL_PATHS } from "../../lib/legal-paths"
import { container, textLink, visuallyHidden } from "../../styles/utils.css"
import { Logo } from "../../components/Logo"
import * as styles from "./Footer.css"

type FooterProps = {
  siteName: string
  footer: Queries.FooterContentFragment
  brands: ReadonlyArray<Pick<Queries.BrandCardFragment, "jsonId" | "name">>
  shops: ReadonlyArray<Queries.ShopLinkFragment>
}

export function Footer({ siteName, footer, brands, shops }: FooterProps) {
  return (
    <footer className={styles.footer}>
      <div className={container}>
        <div className={styles.grid}>
          <div className={styles.about}>
            <Logo name={siteName} />
            <p>{footer.about}</p>
          </div>
          <div>
            <h2 className={styles.title}>{footer.brandsTitle}</h2>
            <ul className={styles.list}>
              {brands.map((brand) => (
                <li key={brand.jsonId}>{brand.name}</li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className={styles.title}>{footer.shopsTitle}</h2>
            <ul className={styles.list}>
              {shops.map((shop) => (
                <li key={shop.jsonId}>
                  <a className={textLink} href={shop.url} target="_blank" rel="noopener noreferrer">
                    {shop.name}
                    <span className={visuallyHidden}> {copy.newTab}</span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>
        <div className={styles.bottom}>
          <p>
            © {footer.copyrightYear} {footer.copyright}
          </p>
          <p>{copy.footer.legal}</p>
          <nav aria-label={copy.footer.legalNav}>
            <ul className={styles.legalLinks}>
              <li>
                <a className={textLink} href={withPrefix(LEGAL_PATHS.mentions)}>
                  {copy.footer.mentions}
                </a>
              </li>
              <li>
                <a className={textLink} href={withPrefix(LEGAL_PATHS.privacy)}>
                  {copy.footer.privacy}
                </a>
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  )
}
