/** Server settings from the environment, with the defaults a fresh clone runs with. */
export interface ServerConfig {
  readonly port: number;
  readonly clientDir: string;
}

export function readConfig(env: NodeJS.ProcessEnv, defaults: { clientDir: string }): ServerConfig {
  const port = Number(env.PORT ?? 2567);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  return { port, clientDir: env.CLIENT_DIR ?? defaults.clientDir };
}
