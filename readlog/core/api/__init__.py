"""The Python API's Library, one module per area: each holds a class of the
methods of its area, and readlog.core.library's ``Library`` combines them with
opening and closing (docs/python-api.md says what each method does).

* base.py: what every area relies on: the store (``store``), the argument
  types ``Ids`` and ``Tags``, and ``_alone`` for the calls that cannot join a
  transaction.
* entries.py: reading: get, entries, iter_entries, rows, count, count_about,
  search, matches, highlights, next, article, link, open_link.
* states.py: changing an entry's state: star, read, archive (and their
  undoing), tag, note, progress, highlight.
* changes.py: changing what filters select (plan, apply), editing, the trash
  (rm, restore, trash, trash_count, empty_trash).
* history.py: transaction, undo, undoable, history.
* inputs.py: bringing entries in: import_path(s), add, add_many, fetch and
  the checks made before a library is opened (check_import, check_add).
* outputs.py: the library as a whole (overview, tags, sources, categories,
  stats), the export, and the file's upkeep (check, backup, rebuild_index).
* views.py: saved views (save_view, views, view, remove_view); a view is
  used as ``view=NAME`` by every method that takes filters (arguments.py).
* syncing.py: sync between machines (sync, sync_status, sync_forget; readlog/sync does the work).
* feeds.py: followed feeds (follow, feeds, feeds_opml, unfollow, refresh).

A new area is a new module here, its class added to Library's bases. Nothing
here prints or imports a face, and each module loads only what a method needs
when it is called, as before the split.
"""
