// memfs: the files of the page's engine, in memory. Go built for the
// browser (GOOS=js) reaches files through a Node.js-like globalThis.fs;
// this one keeps them in a Map, so that the engine reads the scenario the
// page gives it and writes its outputs (--out, --plot) where the page can
// read them back. Standard output and error go to the console. Only what
// Go's syscall/fs_js.go calls is here; the rest fails with ENOSYS.
"use strict";

(() => {
  const S_IFREG = 0o100000, S_IFDIR = 0o040000;
  const O = { O_WRONLY: 1, O_RDWR: 2, O_CREAT: 64, O_EXCL: 128, O_TRUNC: 512, O_APPEND: 1024, O_DIRECTORY: 65536 };
  const files = new Map(); // path -> {data: Uint8Array, mtime}
  const dirs = new Set(["/", "/tmp", "/s", "/out"]);
  const fds = new Map(); // fd -> {path, flags, dir}
  let nextFd = 10;
  const enc = new TextEncoder(), dec = new TextDecoder();
  let line = ["", "", ""];

  const fail = (code) => { const e = new Error(code); e.code = code; return e; };
  const norm = (p) => {
    const out = [];
    for (const s of (p.startsWith("/") ? p : "/" + p).split("/")) {
      if (s === "" || s === ".") continue;
      if (s === "..") out.pop(); else out.push(s);
    }
    return "/" + out.join("/");
  };
  const parent = (p) => p.slice(0, p.lastIndexOf("/")) || "/";
  const stats = (p) => {
    const f = files.get(p);
    if (!f && !dirs.has(p)) return null;
    const t = f ? f.mtime : 0;
    return {
      dev: 1, ino: 1, mode: f ? S_IFREG | 0o644 : S_IFDIR | 0o755, nlink: 1, uid: 0, gid: 0, rdev: 0,
      size: f ? f.data.length : 0, blksize: 4096, blocks: 0, atimeMs: t, mtimeMs: t, ctimeMs: t,
      isDirectory() { return !f; },
    };
  };
  const grow = (f, end) => {
    if (end <= f.data.length) return;
    const d = new Uint8Array(Math.max(end, 2 * f.data.length));
    d.set(f.data);
    f.data = d.subarray(0, end);
  };

  globalThis.fs = {
    constants: O,
    writeSync(fd, buf) {
      if (fd === 1 || fd === 2) {
        line[fd] += dec.decode(buf);
        const nl = line[fd].lastIndexOf("\n");
        if (nl >= 0) { console.log(line[fd].slice(0, nl)); line[fd] = line[fd].slice(nl + 1); }
        return buf.length;
      }
      throw fail("EBADF");
    },
    write(fd, buf, offset, length, position, cb) {
      if (fd === 1 || fd === 2) { cb(null, this.writeSync(fd, buf.subarray(offset, offset + length))); return; }
      const h = fds.get(fd);
      if (!h || h.dir) { cb(fail("EBADF")); return; }
      const f = files.get(h.path);
      const at = position === null || position === undefined ? (h.flags & O.O_APPEND ? f.data.length : h.pos) : position;
      grow(f, at + length);
      f.data.set(buf.subarray(offset, offset + length), at);
      f.mtime = Date.now();
      if (position === null || position === undefined) h.pos = at + length;
      cb(null, length);
    },
    read(fd, buf, offset, length, position, cb) {
      const h = fds.get(fd);
      if (!h || h.dir) { cb(fail("EBADF")); return; }
      const f = files.get(h.path);
      const at = position === null || position === undefined ? h.pos : position;
      const n = Math.max(0, Math.min(length, f.data.length - at));
      buf.set(f.data.subarray(at, at + n), offset);
      if (position === null || position === undefined) h.pos = at + n;
      cb(null, n);
    },
    open(path, flags, mode, cb) {
      const p = norm(path);
      if (dirs.has(p)) { const fd = nextFd++; fds.set(fd, { path: p, dir: true, pos: 0 }); cb(null, fd); return; }
      let f = files.get(p);
      if (f && (flags & O.O_CREAT) && (flags & O.O_EXCL)) { cb(fail("EEXIST")); return; }
      if (!f) {
        if (!(flags & O.O_CREAT)) { cb(fail("ENOENT")); return; }
        if (!dirs.has(parent(p))) { cb(fail("ENOENT")); return; }
        f = { data: new Uint8Array(0), mtime: Date.now() };
        files.set(p, f);
      }
      if (flags & O.O_TRUNC) f.data = new Uint8Array(0);
      const fd = nextFd++;
      fds.set(fd, { path: p, flags, pos: 0 });
      cb(null, fd);
    },
    close(fd, cb) { fds.delete(fd); cb(null); },
    fstat(fd, cb) {
      if (fd <= 2) { cb(null, { ...stats("/"), mode: 0o020666, isDirectory() { return false; } }); return; }
      const h = fds.get(fd);
      const st = h && stats(h.path);
      if (st) cb(null, st); else cb(fail("EBADF"));
    },
    stat(path, cb) { const st = stats(norm(path)); if (st) cb(null, st); else cb(fail("ENOENT")); },
    lstat(path, cb) { this.stat(path, cb); },
    readdir(path, cb) {
      const p = norm(path);
      if (!dirs.has(p)) { cb(fail("ENOTDIR")); return; }
      const names = [];
      for (const q of [...files.keys(), ...dirs]) if (q !== p && parent(q) === p) names.push(q.slice(q.lastIndexOf("/") + 1));
      cb(null, names);
    },
    mkdir(path, perm, cb) {
      const p = norm(path);
      if (dirs.has(p) || files.has(p)) { cb(fail("EEXIST")); return; }
      if (!dirs.has(parent(p))) { cb(fail("ENOENT")); return; }
      dirs.add(p);
      cb(null);
    },
    unlink(path, cb) { if (files.delete(norm(path))) cb(null); else cb(fail("ENOENT")); },
    rmdir(path, cb) { if (dirs.delete(norm(path))) cb(null); else cb(fail("ENOENT")); },
    rename(from, to, cb) {
      const a = norm(from), b = norm(to), f = files.get(a);
      if (!f) { cb(fail("ENOENT")); return; }
      files.delete(a);
      files.set(b, f);
      for (const h of fds.values()) if (h.path === a) h.path = b;
      cb(null);
    },
    fsync(fd, cb) { cb(null); },
    ftruncate(fd, length, cb) { const h = fds.get(fd); const f = h && files.get(h.path); if (!f) { cb(fail("EBADF")); return; } f.data = f.data.slice(0, length); cb(null); },
    truncate(path, length, cb) { const f = files.get(norm(path)); if (!f) { cb(fail("ENOENT")); return; } f.data = f.data.slice(0, length); cb(null); },
    chmod(path, mode, cb) { cb(null); },
    fchmod(fd, mode, cb) { cb(null); },
    chown(path, uid, gid, cb) { cb(null); },
    fchown(fd, uid, gid, cb) { cb(null); },
    lchown(path, uid, gid, cb) { cb(null); },
    utimes(path, atime, mtime, cb) { cb(null); },
    link(path, link, cb) { cb(fail("ENOSYS")); },
    symlink(path, link, cb) { cb(fail("ENOSYS")); },
    readlink(path, cb) { cb(fail("ENOSYS")); },
  };

  // memfs is how the page's worker puts files in and takes them out.
  globalThis.memfs = {
    reset() { files.clear(); fds.clear(); },
    writeText(path, text) { files.set(norm(path), { data: enc.encode(text), mtime: Date.now() }); },
    readText(path) { const f = files.get(norm(path)); return f ? dec.decode(f.data) : null; },
    readBytes(path) { const f = files.get(norm(path)); return f ? f.data.slice() : null; },
  };
  globalThis.process = {
    getuid() { return -1; }, getgid() { return -1; }, geteuid() { return -1; }, getegid() { return -1; },
    getgroups() { throw fail("ENOSYS"); }, pid: -1, ppid: -1, umask() { return 0o022; },
    cwd() { return "/"; }, chdir() { throw fail("ENOSYS"); },
  };
})();
