// Node.js clients in the tests connect with `ws`, as on every runtime (loadtest/wsClient.ts).
import "../../loadtest/wsClient";
