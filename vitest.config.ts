import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    pool: "threads",
    testTimeout: 30_000,
    setupFiles: ["test/setup/wsClient.ts", "test/setup/words.ts"],
  },
});
