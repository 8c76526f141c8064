/** The client's version, set by the build (client/vite.config.ts). */
declare const __CLIENT_VERSION__: string;
