// i18n/index.ts still imports the settings from here; the device's storage is in device/.
export { getSetting, setSetting } from "../device/storage";
