// Drives slget --enable-rpc with aria2's JavaScript client (npm "aria2"),
// as a script that uses aria2c would: over HTTP, then over a WebSocket
// with notifications. Prints one JSON line per step; exits non-zero on
// the first failure. Environment: ARIA2JS (the folder npm installed
// aria2 into), RPC_PORT, RPC_SECRET, SMALL_URL, BIG_URL.
"use strict";
const path = require("path");
const Aria2 = require(path.join(process.env.ARIA2JS, "node_modules", "aria2"));

const say = (o) => console.log(JSON.stringify(o));
const fail = (msg) => {
  say({ step: "fail", msg: String(msg) });
  process.exit(1);
};
const within = (ms, what, p) => {
  let timer;
  const late = new Promise((_, rej) => (timer = setTimeout(() => rej(new Error("timed out: " + what)), ms)));
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
};

async function poll(aria2, gid, want) {
  const deadline = Date.now() + 60000;
  for (;;) {
    const st = await aria2.call("tellStatus", gid, ["status", "completedLength", "totalLength"]);
    if (st.status === want) return st;
    if (st.status === "error" || st.status === "removed") fail(`${gid} is ${st.status}, want ${want}`);
    if (Date.now() > deadline) fail(`${gid} still ${st.status}, want ${want}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function next(aria2, event, gid) {
  return new Promise((resolve) => {
    const f = (params) => {
      if (params[0].gid === gid || gid === undefined) {
        aria2.off(event, f);
        resolve(params[0].gid);
      }
    };
    aria2.on(event, f);
  });
}

async function main() {
  const aria2 = new Aria2({ host: "127.0.0.1", port: Number(process.env.RPC_PORT), secret: process.env.RPC_SECRET });

  // Over HTTP (no socket open).
  const v = await aria2.call("getVersion");
  say({ step: "http getVersion", version: v.version });
  const g1 = await aria2.call("addUri", [process.env.SMALL_URL], { out: "http.bin" });
  const st1 = await poll(aria2, g1, "complete");
  say({ step: "http complete", gid: g1, length: st1.completedLength });

  // Over the WebSocket: calls and notifications on one socket.
  await aria2.open();
  const seen = [];
  for (const ev of ["onDownloadStart", "onDownloadPause", "onDownloadComplete", "onDownloadStop", "onDownloadError"]) {
    aria2.on(ev, (params) => seen.push(ev + " " + params[0].gid));
  }
  const started = next(aria2, "onDownloadStart");
  const g2 = await aria2.call("addUri", [process.env.BIG_URL], { out: "ws.bin" });
  await within(30000, "onDownloadStart", started);
  // Wait for a MiB, then pause.
  for (;;) {
    const st = await aria2.call("tellStatus", g2, ["completedLength", "status"]);
    if (Number(st.completedLength) >= 1 << 20) break;
    if (st.status !== "active") fail("ws download is " + st.status + " before any byte");
    await new Promise((r) => setTimeout(r, 20));
  }
  const paused = next(aria2, "onDownloadPause", g2);
  await aria2.call("pause", g2);
  await within(30000, "onDownloadPause", paused);
  const stp = await aria2.call("tellStatus", g2, ["status", "completedLength"]);
  say({ step: "ws paused", gid: g2, status: stp.status, completedLength: stp.completedLength });
  const [[waiting], [stat]] = await aria2.multicall([["tellWaiting", 0, 10, ["gid", "status"]], ["getGlobalStat"]]);
  say({ step: "ws multicall", waiting, numWaiting: stat.numWaiting });
  const completed = next(aria2, "onDownloadComplete", g2);
  await aria2.call("unpause", g2);
  await within(60000, "onDownloadComplete", completed);
  const st2 = await aria2.call("tellStatus", g2, ["status", "completedLength", "totalLength"]);
  say({ step: "ws complete", gid: g2, status: st2.status, length: st2.completedLength, seen });
  await aria2.close();
}

main().catch(fail);
