export { Splash, SPLASH_CARD_INTERVAL_MS, SPLASH_ENTER_DELAY_MS, type SplashContent } from "./Splash"
