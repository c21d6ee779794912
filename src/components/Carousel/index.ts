export { Carousel, CarouselPosition, CarouselSlide } from "./Carousel"
