export { Hero, type HeroCopy, type HeroStats } from "./Hero"
