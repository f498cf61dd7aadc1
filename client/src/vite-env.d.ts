/// <reference types="vite/client" />
declare const __APP_VERSION__: string;
/** The year the client was built: the year its prerendered pages show. */
declare const __BUILD_YEAR__: number;
/** The theme's CSS variables, computed at build time (client/vite.config.ts). */
declare module 'virtual:mantine-variables.css';
