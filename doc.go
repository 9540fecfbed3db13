// Package slget downloads one large file over many HTTP connections at
// once (or SFTP sessions, or FTP connections), in slice-aligned ranges, resumes it after any crash, and never
// leaves a file mixed from two versions of the resource under its final
// name.
//
// A program in a few lines: a Client (its zero value is ready), Do, the
// Result, and an error told apart by its type. Run it again after an
// interruption and it resumes from the journal beside the partial file.
//
//	c := &slget.Client{Connections: 8}
//	res, err := c.Do(ctx, &slget.Request{URL: "https://example.com/big.iso", Path: "big.iso"})
//	var changed *slget.ChangedError
//	switch {
//	case errors.As(err, &changed):
//		log.Fatalf("%v; what can be done: %v", err, slget.Remedies(err))
//	case err != nil:
//		log.Fatal(err)
//	}
//	if res.AlreadyComplete {
//		fmt.Println(res.Path, "was complete already")
//		return
//	}
//	fmt.Println(res.Path, res.Size, "bytes,", res.Resumed, "resumed, proven by", res.Proof)
//
// A Client runs one Request as a state machine:
//
//		probe → output path → lock → open, resume, adopt or start over →
//		transfer → verify → sync, rename, fsync → journal removal
//
//	  - The probe asks for slice 0 with a ranged GET; its answer gives the
//	    size, the version (a strong ETag, or Last-Modified and size) and the
//	    name, and its body is slice 0.
//	  - The output name is locked (NAME.part, see below) before anything named
//	    NAME, NAME.part or NAME.slget is created, truncated, removed or
//	    renamed. A second download of the same name, in this process or
//	    another, stops at once with an error matching ErrLocked.
//	  - Under the lock the flow decides what to do with what is there: resume
//	    a journal of this URL and version, start over when the version
//	    changed, leave another URL's partial download or a partial file that
//	    is not slget's alone (and save as NAME.1.ext with AutoRename), adopt
//	    another tool's partial file with Continue only once its bytes match
//	    the server's, or find a file complete after a crash that came between
//	    its rename and the journal's removal.
//	  - The transfer runs fetch's Downloader: N connections, every response
//	    checked (exact Content-Range, identity encoding, the same version),
//	    each slice written, synced, then recorded in the journal. With a
//	    Client.Cache, the slices it holds are copied in first and the ones
//	    fetched are stored in it; with Client.Peers, the peers are asked
//	    before the origin. The journal records where each slice came
//	    from (Result.BySource).
//	  - The end: the whole-file checksum if asked, fdatasync, a rename that
//	    never replaces an existing file unless AllowOverwrite, a sync of the
//	    directory, and only then the journal's removal.
//
// An sftp:// URL takes the same flow with a stat in place of the probe:
// its size and modification time are the version, every range checks the
// open file's fstat against them, and the file is stat'ed again before the
// rename (see SFTPOptions for logins and host keys). An ftp:// URL takes
// it too, with SIZE and MDTM as the version, asked again before every
// range's RETR and before the rename (see FTPOptions).
//
// A Request with a Writer is a stream instead: probe → transfer through a
// window → the bytes to the Writer in order, with no output name, lock,
// journal or file. The slices land in a window of StreamWindow bytes that
// the connections never claim past, and the Writer takes them in order
// (see Request.Writer).
//
// Progress comes out as events (Request.Events): warnings, and Started
// with a function for snapshots of the transfer; a terminal, a script or a
// peer cache server draws or serves them as it likes. Syncing says that
// the bytes are written and only their sync, the rename and the folder's
// fsync remain; Finishing says that only the fsync of the file's folder remains: the downloads of a Client
// that finish together in one folder share it.
//
// # The files of this package
//
// Each file's name starts with its role, so that a listing shows what a
// program uses first:
//
//	api_   what a program uses
//	  api_client, api_request       Client (its bounds, CloseIdle), Request, Result
//	  api_events, api_eventqueue,   events, their delivery in order, progress snapshots
//	    api_progress
//	  api_errors, api_errors_http,  the errors a program tells apart, and what it can do
//	    api_remedy                    about each (Remedy)
//	  api_status, api_checksum,     ReadStatus and Verify, Checksum, what proved a file
//	    api_proof
//	  api_options, api_values,      the options a program fills, the values it reads
//	    api_valuetypes, api_sftp,     and parses, the HTTP client, SFTP and FTP logins
//	    api_ftp, api_cache,           and errors, the slice cache it opens
//	    api_fetchnames
//	dl_    the download's steps
//	  dl_do                         Do: the state machine, the probe
//	  dl_output, dl_partial,        the output name, what is there under the lock:
//	    dl_adopt, dl_aria2takeover,   resume, start over, adopt another tool's file
//	    dl_migrate, dl_dryrun         (aria2c's among them), an old journal, a dry run
//	  dl_transfer, dl_stream,       the transfer: slices into the file, a stream to a
//	    dl_wholetries, dl_h2choice,   Writer, a server without ranges, HTTP/2 or not,
//	    dl_slicecost, dl_proxyorder,  small slices, proxies, cut answers
//	    dl_cutcheck
//	  dl_besidecheck,               the checks of what is kept: resumed slices and
//	    dl_samecontent,               prefixes, the hash taken while downloading, the
//	    dl_resumeprefix,              bytes against their checksums, the version after
//	    dl_prefixhash, dl_integrity,  the last byte
//	    dl_confirm
//	  dl_finish, dl_ifnewer         verify, sync, rename, the journal's removal; IfNewer
//	file_  files on disk
//	  file_lock, file_names         the output lock, the side files' names
//	  file_syncfile, file_dirsync   the partial file's writes and syncs, the folders' syncs
//	  file_complete, file_docfile   a finished file's record, a document's names and folders
//	src_   sources beside the origin
//	  src_mirrors, src_mirrorproof, mirrors, their proof, the ones a server names
//	    src_linkmirrors,              (Link, Metalink) and the rule that keeps them off
//	    src_metalinkanswer,           the user's network
//	    src_metalinkfiles,
//	    src_sourcescope
//	  src_share, src_cache,         the local slice cache and peers, a cache in front,
//	    src_cachefront, src_peers,    peers without the fleet key, the fleet learned
//	    src_sharecheck,               from a given serve
//	    src_fleetlearn
//	  src_sftp, src_ftp,            sftp:// and ftp:// URLs over N sessions, and as
//	    src_remotemirrors             mirrors beside an http(s):// one
//
// # Caveats
//
// The lock is flock(2) on NAME.part (on Windows, LockFileEx on one byte
// far past the data). On systems without either two downloads of one
// name in two processes are not kept apart, and a file system that
// ignores flock (some network file systems) does the same. Windows is
// built, not tested.
//
// A download without a journal (NoJournal, one-slice files, servers
// without ranges) cannot resume: when it fails, its partial file is
// removed. A stream cannot resume either: the bytes its Writer took are
// gone.
//
// A peer's slices are checked against the CRC-32C the peer sends with
// them, which catches damage, not a peer that lies: wrong bytes with
// checksums computed from them, under the right ETag, end up in the file
// unless Request.Checksum is set. With it, a file that does not match has
// the slices from peers and the cache fetched again from the origin before
// the download fails. A peer gets the resource's URL, query string
// included, but none of the credentials given for the origin.
package slget
