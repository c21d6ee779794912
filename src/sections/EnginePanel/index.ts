export { EnginePanel, SLIDE_INTERVAL_MS, type EnginePanelContent, type EngineSlide } from "./EnginePanel"
