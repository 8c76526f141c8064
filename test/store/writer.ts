/**
 * Child process of the crash tests: opens the store named by argv[2] (JSON `StoreChoice`),
 * writes a table with argv[3] actions, waits until they are durable, says so on stdout, and
 * then idles until it is killed.
 */
import { openStore } from "../../server/store/index";
import { actionRecords, tableRecord } from "./samples";

const [choice, count] = process.argv.slice(2);
const store = await openStore(JSON.parse(choice ?? "{}"));
store.createTable(tableRecord("CRASH1", 1));
for (const a of actionRecords(Number(count))) store.append("CRASH1", a);
store.setToken("CRASH1", "p1", "f".repeat(64));
await store.flushed("CRASH1");
process.stdout.write("flushed\n");
setInterval(() => {}, 60_000);
