"""The message catalogue: every sentence and label readlog says, in English
and Chinese, in one place.

Errors are raised with a key (``ReadlogError.of("no_entry", id=5)``): the
exception's text is the English one (what scripts, logs and ``--json``
see), and the one line printed on stderr is said in the user's language
(``--lang zh``). Command output composed outside ``render`` (db check,
backup, export notices, the Markdown export's words) takes its sentences
from here too. So do the labels of tables and screens: each face's words
are keys under its prefix (label_, stats_, history_, triage_, curate_,
capture_, at the end of CATALOGUE), read by the face's own small helper
(Output.label, stats.t, ...) with a plain dict look-up.

A key missing from the Chinese column falls back to English, so a new
message is never lost for want of a translation; a test checks that every
key has both.
"""

from __future__ import annotations

import functools
import re
import string
from collections.abc import Iterable
from typing import Any

# key: (English, Chinese). Placeholders are str.format fields, the same in both.
CATALOGUE: dict[str, tuple[str, str]] = {
    # ---- entries and ids
    "no_entry": ("no entry with id {id}", "没有编号为 {id} 的条目"),
    "not_in_trash": ("entry {id} is not in the trash", "条目 {id} 不在回收站中"),
    "none_in_trash": ("no entry with id {id} in the trash", "回收站中没有编号为 {id} 的条目"),
    "in_trash_one": (
        "entry {id} is in the trash (readlog restore {id} brings it back)",
        "条目 {id} 在回收站中（readlog restore {id} 可以恢复）",
    ),
    "in_trash_many": (
        "entries {ids} are in the trash (readlog restore {words} brings them back)",
        "条目 {ids} 在回收站中（readlog restore {words} 可以恢复）",
    ),
    "empty_id": ("an empty id was given (use e.g. 3 5 8-12)", "给了一个空的编号（例如 3 5 8-12）"),
    # the Python API (readlog.open): ids are given as numbers, not typed. {name} is the argument's
    # name, {value} the value given, as Python shows it (cut short)
    "api_no_ids": ("{name}: give at least one entry id", "{name}：请至少给出一个条目编号"),
    "api_bad_id": (
        "{name}: not an entry id: {value} (ids are whole numbers)",
        "{name}：不是条目编号：{value}（编号是整数）",
    ),
    "api_bad_tag": ("{name}: not a tag: {value} (tags are text)", "{name}：不是标签：{value}（标签是文字）"),
    "api_unknown_filter": (
        "{method}() takes no filter {name}; the filters are {known}",
        "{method}() 没有筛选条件 {name}；可用的有 {known}",
    ),
    "api_bad_argument": ("{name} must be {kind}, not {value}", "{name} 必须是{kind}，而不是 {value}"),
    "api_kind_bool": ("True or False", "True 或 False"),
    "api_kind_bool_or_none": ("True, False or None", "True、False 或 None"),
    "api_kind_text": ("text (a str)", "文字（str）"),
    "api_kind_text_or_none": ("text (a str) or None", "文字（str）或 None"),
    "api_kind_count": ("a whole number, 0 or more (None or 0: all)", "大于或等于 0 的整数（None 或 0 表示全部）"),
    "api_kind_jobs": ("a whole number from 1 to {most}", "1 到 {most} 之间的整数"),
    "api_kind_when": (
        "a date, a datetime, text such as 2026-11-01 or 7d, or None",
        "date、datetime、2026-11-01 或 7d 这样的文字，或 None",
    ),
    "api_kind_path": ("a path (a str or os.PathLike, without NUL)", "路径（str 或 os.PathLike，不含 NUL）"),
    "api_kind_path_or_stream": (
        "a path or an open file (binary or text)",
        "路径或已打开的文件（二进制或文本）",
    ),
    "api_kind_lang": ('"en" or "zh"', '"en" 或 "zh"'),
    "api_kind_action": ("an action's number, as history lists it, or None", "操作编号（history 列出的编号）或 None"),
    "api_unknown_argument": (
        "{method}() takes no argument {name}; it takes {known}",
        "{method}() 没有参数 {name}；它的参数有 {known}",
    ),
    "api_too_many_arguments": (
        "{method}() takes {most} argument(s) by position, not {given}; name the others",
        "{method}() 最多接受 {most} 个位置参数，而不是 {given} 个；其余的请写明参数名",
    ),
    "api_missing_argument": ("{method}() needs the argument {name}", "{method}() 缺少参数 {name}"),
    "api_argument_twice": (
        "{method}() was given {name} twice, by position and by name",
        "{method}() 的参数 {name} 给了两次：按位置一次，按名称一次",
    ),
    "api_other_thread": (
        "this Library was opened in another thread, and a Library belongs to the thread that opened it: "
        "open one in each thread with readlog.open()",
        "这个 Library 是在另一个线程中打开的，而 Library 只属于打开它的线程："
        "请在每个线程中用 readlog.open() 各打开一个",
    ),
    "api_note_empty": (
        "an empty text is not a note and removes nothing; lib.note({id}, None) removes the note",
        "空文字不是笔记，也不会删除笔记；lib.note({id}, None) 才会删除笔记",
    ),
    "api_name_for_streams": (
        "name is for an open file; a path is named by itself",
        "name 只用于已打开的文件；路径本身就是名字",
    ),
    "api_export_unstarred": (
        "export selects starred entries (starred=True) or all, not those without a star",
        "导出可以选择加星的条目（starred=True）或全部，不能只选未加星的",
    ),
    "bad_id": ("not an id or range: {part!r} (use e.g. 3 5 8-12)", "不是编号或范围：{part!r}（例如 3 5 8-12）"),
    "id_too_big": (
        "no entry can have the id {part!r}: ids run from 1 to {max}",
        "不可能有编号为 {part!r} 的条目：编号从 1 到 {max}",
    ),
    "range_backwards": ("range {part!r} runs backwards", "范围 {part!r} 是倒着的"),
    "range_too_large": ("range {part!r} is too large", "范围 {part!r} 太大"),
    "no_link": (
        "entry {id} has no link to open (readlog show {id} shows what it has)",
        "条目 {id} 没有可打开的链接（readlog show {id} 可查看内容）",
    ),
    "not_web": (
        "entry {id}'s link is not a web address; not opening {url}",
        "条目 {id} 的链接不是网址；不打开 {url}",
    ),
    "no_browser": (
        "could not start a browser (set $BROWSER to choose one); the link is {url}",
        "无法启动浏览器（可用 $BROWSER 指定）；链接是 {url}",
    ),
    "opened": ("opened {url}", "已打开 {url}"),
    # ---- usage of the commands
    "needs_value": ("{option} needs a value; it was given an empty one", "{option} 需要一个值，但给的是空值"),
    "bad_option_value": ("{option}: {detail}", "{option}：{detail}"),
    "unread_and_read": ("--unread and --read cannot be used together", "--unread 和 --read 不能同时使用"),
    "bad_limit": ("--limit must be 0 (all) or more", "--limit 必须是 0（全部）或更大的数"),
    "as_of_range": (
        "{option}: {value!r} is outside the years 1980-2999 that readlog keeps",
        "{option}：{value!r} 不在 readlog 能记录的 1980-2999 年之间",
    ),
    "since_future": ("--since: {value!r} is in the future", "--since：{value!r} 在未来"),
    "unknown_format": ("unknown format {name!r}; choose auto, {known}", "未知格式 {name!r}；可选 auto、{known}"),
    "unknown_export_format": ("unknown export format {name!r}; choose {known}", "未知导出格式 {name!r}；可选 {known}"),
    "ids_or_filters": ("give entry ids or filters, not both", "给条目编号或筛选条件，不要同时给"),
    "which_entries": (
        "say which entries: ids (readlog {name} 3 5-8) or filters (readlog {name} --source NAME)",
        "请指明哪些条目：编号（readlog {name} 3 5-8）或筛选条件（readlog {name} --source NAME）",
    ),
    "tag_no_option": (
        "no such option: {value} (tags are +TAG and -TAG)",
        "没有这个选项：{value}（标签写作 +TAG 和 -TAG）",
    ),
    "empty_tag": ("empty tag in {value!r}", "{value!r} 里的标签是空的"),
    "not_id_or_tag": (
        "{value!r} is neither an id nor a tag change (+TAG adds, -TAG removes)",
        "{value!r} 既不是编号也不是标签修改（+TAG 添加，-TAG 移除）",
    ),
    "tag_both": ("tag {tag!r} is both added and removed", "标签 {tag!r} 既被添加又被移除"),
    "which_tags": (
        "say which tags: +TAG adds one, -TAG removes one (e.g. readlog tag 3 +rust -go)",
        "请指明标签：+TAG 添加，-TAG 移除（例如 readlog tag 3 +rust -go）",
    ),
    "text_or_clear": ("give TEXT or --clear, not both", "给 TEXT 或 --clear，不要同时给"),
    "search_needs_query": ("give a QUERY to search for (or --rebuild)", "请给出要搜索的 QUERY（或 --rebuild）"),
    "empty_db_option": ("--db needs a library file; it was given an empty one", "--db 需要一个书库文件，但给的是空值"),
    "bad_size": (
        "{env}={raw!r}: give a size in MB greater than 0, e.g. {env}={example}",
        "{env}={raw!r}：请给出大于 0 的大小（MB），例如 {env}={example}",
    ),
    "bad_positive": (
        "{env}={raw!r}: give a number greater than 0",
        "{env}={raw!r}：请给出大于 0 的数",
    ),
    "bad_busy_timeout": (
        "{env}={raw!r}: give seconds from 0 to {max:g}",
        "{env}={raw!r}：请给出 0 到 {max:g} 之间的秒数",
    ),
    # ---- bulk changes and questions
    "no_terminal": (
        "not changing {entries} without asking, and there is no terminal to ask on; add --yes",
        "不经确认不会修改 {entries}，而这里没有终端可以询问；请加 --yes",
    ),
    "no_answer": ("no answer; nothing was changed", "没有回答；没有做任何修改"),
    "nothing_changed": ("nothing was changed", "没有做任何修改"),
    "question": ("Change {entries}?", "要修改这 {entries}吗？"),
    "nothing_to_undo": ("nothing to undo", "没有可撤销的操作"),
    # undo: why an action cannot be taken back (core/actions.py), and the question before an older one
    "undo_emptied": (
        "the trash was emptied in action {id}; that cannot be undone",
        "回收站已在操作 {id} 中清空；这无法撤销",
    ),
    "undo_older_hint": (
        "to take back an older action, give its number: readlog undo ACTION (readlog history lists them)",
        "要撤销更早的操作，请给出它的编号：readlog undo ACTION（readlog history 列出了所有操作）",
    ),
    "undo_gone": (
        "action {id} ({command}) cannot be undone: entries it changed have since been deleted for good",
        "操作 {id}（{command}）无法撤销：它修改过的条目后来已被永久删除",
    ),
    "undo_deleted_one": (
        "action {id} ({command}) cannot be undone: entry {ids} was deleted for good by action {later} "
        "({later_command})",
        "操作 {id}（{command}）无法撤销：条目 {ids} 已被操作 {later}（{later_command}）永久删除",
    ),
    "undo_deleted_many": (
        "action {id} ({command}) cannot be undone: entries {ids} were deleted for good by action {later} "
        "({later_command})",
        "操作 {id}（{command}）无法撤销：条目 {ids} 已被操作 {later}（{later_command}）永久删除",
    ),
    "undo_changed_one": (
        "action {id} ({command}) cannot be undone: entry {ids} was changed since by action {later} "
        "({later_command}); undo that first: readlog undo {later}",
        "操作 {id}（{command}）无法撤销：条目 {ids} 之后又被操作 {later}（{later_command}）修改过；"
        "请先撤销那个操作：readlog undo {later}",
    ),
    "undo_changed_many": (
        "action {id} ({command}) cannot be undone: entries {ids} were changed since by action {later} "
        "({later_command}); undo that first: readlog undo {later}",
        "操作 {id}（{command}）无法撤销：条目 {ids} 之后又被操作 {later}（{later_command}）修改过；"
        "请先撤销那个操作：readlog undo {later}",
    ),
    "undo_nothing": (
        "action {id} ({command}) changed nothing that undo takes back",
        "操作 {id}（{command}）没有做出可以撤销的修改",
    ),
    "undo_already": ("action {id} ({command}) was undone already", "操作 {id}（{command}）已经撤销过了"),
    "undo_no_action": (
        "no action {id} (readlog history lists them)",
        "没有编号为 {id} 的操作（readlog history 列出了所有操作）",
    ),
    "undo_question": ("Undo action {id} ({entries})?", "要撤销操作 {id}（{entries}）吗？"),
    # ---- notes and the editor
    "stdin_closed_note": (
        "standard input is closed; give the note as TEXT, or pipe it in",
        "标准输入已关闭；请直接给出笔记内容，或用管道传入",
    ),
    "no_editor": (
        "no editor found: set $EDITOR, or give the note as TEXT",
        "找不到编辑器：请设置 $EDITOR，或直接给出笔记内容",
    ),
    "no_editor_terminal": (
        "no terminal for an editor: give the note as TEXT, or - to read it from standard input",
        "没有终端可运行编辑器：请直接给出笔记内容，或用 - 从标准输入读取",
    ),
    "editor_failed": (
        "the editor exited with status {code}; the note was not changed",
        "编辑器以状态 {code} 退出；笔记没有修改",
    ),
    # ---- the library file
    "busy": (
        "{path}: the library is busy (another readlog is writing) and stayed locked for {seconds:g}s; "
        "nothing was changed, try again",
        "{path}：书库正忙（另一个 readlog 正在写入），等待 {seconds:g} 秒仍被锁定；没有做任何修改，请重试",
    ),
    "read_only": (
        "{path}: readlog cannot write the library ({reason}); nothing was changed",
        "{path}：readlog 无法写入书库（{reason}）；没有做任何修改",
    ),
    # why the library cannot be written ({reason} above): {what} is the file or its folder
    "not_writable_file": ("the file", "文件"),
    "not_writable_folder": ("its folder {folder}", "所在的文件夹（{folder}）"),
    "not_writable_system": ("{what} is on a read-only file system", "{what}位于只读文件系统上"),
    "not_writable_mode": ("{what} is read-only (mode {mode})", "{what}是只读的（权限 {mode}）"),
    "not_writable_owner": (
        "{what} belongs to {owner} (mode {mode}), and readlog runs as {user}, who has no permission to write there",
        "{what}属于 {owner}（权限 {mode}），而 readlog 以 {user} 的身份运行，没有写入权限",
    ),
    "not_writable_opened": ("readlog opened it read-only", "readlog 以只读方式打开了它"),
    "disk_full": (
        "{path}: the disk holding the library is full; nothing was changed. Free some space, then try again",
        "{path}：书库所在的磁盘已满；没有做任何修改。请腾出一些空间后重试",
    ),
    "restore_busy": (
        "{path}: another readlog has the library open (waited {seconds:g}s); nothing was changed. "
        "Close it, then restore",
        "{path}：另一个 readlog 正打开着书库（已等待 {seconds:g} 秒）；没有做任何修改。请先关闭它再恢复",
    ),
    "damaged": (
        "{path}: damaged or not a readlog library ({detail}); nothing was changed. "
        "`readlog db check` tells more; `readlog db restore BACKUP` puts a backup in its place",
        "{path}：已损坏或不是 readlog 书库（{detail}）；没有做任何修改。"
        "`readlog db check` 可查看详情；`readlog db restore BACKUP` 可以用备份替换它",
    ),
    "newer": (
        "{path}: made by a newer readlog (schema {version}, this one knows {latest}); "
        "upgrade readlog to open it. The file was left untouched",
        "{path}：由更新版本的 readlog 创建（结构版本 {version}，当前只支持 {latest}）；"
        "请升级 readlog 再打开。文件没有被改动",
    ),
    "not_library_sqlite": (
        "{path}: an SQLite database, but not a readlog library; it was left untouched. "
        "Give readlog a file of its own with --db or READLOG_DB (a new path starts a new library)",
        "{path}：是 SQLite 数据库，但不是 readlog 书库；没有改动它。"
        "请用 --db 或 READLOG_DB 给 readlog 一个自己的文件（新路径会新建书库）",
    ),
    "not_library": (
        "{path}: not a readlog library (not an SQLite database); it was left untouched. "
        "Give readlog a file of its own with --db or READLOG_DB (a new path starts a new library)",
        "{path}：不是 readlog 书库（不是 SQLite 数据库）；没有改动它。"
        "请用 --db 或 READLOG_DB 给 readlog 一个自己的文件（新路径会新建书库）",
    ),
    "library_is_dir": (
        "{path}: is a directory, not a library file; give the path of a file with --db or READLOG_DB",
        "{path}：是目录，不是书库文件；请用 --db 或 READLOG_DB 给出一个文件的路径",
    ),
    "library_not_file": (
        "{path}: not a regular file (a device or a pipe); a library is a file",
        "{path}：不是普通文件（设备或管道）；书库必须是文件",
    ),
    "upgrade_read_only": (
        "{path}: this library needs an upgrade, but readlog cannot write it ({reason})",
        "{path}：这个书库需要升级，但 readlog 无法写入它（{reason}）",
    ),
    "no_library_yet": ("{path}: no library here yet", "{path}：这里还没有书库"),
    "ids_used_up": (
        "{path}: every entry id has been used; export and import into a new library",
        "{path}：所有条目编号都已用完；请导出后导入到新书库",
    ),
    # ---- import
    "no_such_file": ("{path}: no such file", "{path}：没有这个文件"),
    "input_is_dir": ("{path}: is a directory, not an export file", "{path}：是目录，不是导出文件"),
    "empty_file": ("{name}: the file is empty", "{name}：文件是空的"),
    "binary_file": ("{name}: binary data, not a text export", "{name}：是二进制数据，不是文本导出文件"),
    "stdin_closed_add": (
        "standard input is closed; give the links as arguments",
        "标准输入已关闭；请把链接作为参数给出",
    ),
    "stdin_closed_import": (
        "<stdin>: standard input is closed; nothing to import",
        "<stdin>：标准输入已关闭；没有可导入的内容",
    ),
    "cannot_tell_format": (
        "{name}: cannot tell which format this is; try --format ({known})",
        "{name}：无法判断这是哪种格式；请用 --format 指定（{known}）",
    ),
    "strict_failed": (
        "{name}: {problems} problem(s) found; nothing imported (--strict)",
        "{name}：发现 {problems} 个问题；什么都没有导入（--strict）",
    ),
    # Ctrl-C: a file is saved whole or not at all, however much of it was read
    "interrupted": (
        "import interrupted while reading {name} ({read:,} entries read so far): "
        "nothing of that file was saved; run it again to finish",
        "导入在读取 {name} 时被中断（已读到 {read:,} 条）：这个文件的内容都没有保存；再运行一次即可完成",
    ),
    "interrupted_after_files": (
        "import interrupted while reading {name} ({read:,} entries read so far): "
        "nothing of that file was saved, but the {files:,} file(s) before it were ({entries} added or updated); "
        "run it again to finish",
        "导入在读取 {name} 时被中断（已读到 {read:,} 条）：这个文件的内容都没有保存，"
        "但之前的 {files:,} 个文件已经导入（新增或更新 {entries}）；再运行一次即可完成",
    ),
    "interrupted_between_files": (
        "import interrupted after {files:,} file(s) were imported whole ({entries} added or updated); "
        "run it again to finish",
        "导入在 {files:,} 个文件完整导入后被中断（新增或更新 {entries}）；再运行一次即可完成",
    ),
    # ---- export and backup
    "export_is_library": (
        "{path}: that is the library itself; give another file to -o",
        "{path}：这就是书库本身；请给 -o 另一个文件",
    ),
    "export_unknown_extension": (
        "{path}: readlog does not export {ext} files; give --format ({formats}) or end the name in one of {known}",
        "{path}：readlog 不导出 {ext} 文件；请用 --format 指定格式（{formats}），或让文件名以其中之一结尾：{known}",
    ),
    "export_no_extension": (
        "{path}: no extension to tell the format by; give --format ({formats}) or end the name in one of {known}",
        "{path}：没有扩展名，无法判断格式；请用 --format 指定格式（{formats}），或让文件名以其中之一结尾：{known}",
    ),
    "exported": ("exported {entries} to {path} ({format})", "已导出 {entries} 到 {path}（{format}）"),
    "export_none": ("no entries matched; nothing exported", "没有匹配的条目；什么都没有导出"),
    "export_no_url": (
        "{entries} without a web or mailto link left out of the {format} export",
        "{entries}没有网页或邮件链接，未写入 {format} 导出",
    ),
    "backup_is_library": (
        "{path}: that is the library itself; give another PATH",
        "{path}：这就是书库本身；请给另一个 PATH",
    ),
    "backup_exists": (
        "{path}: already exists; choose another PATH or pass --force to replace it",
        "{path}：已经存在；请换一个 PATH，或加 --force 覆盖",
    ),
    "no_such_folder": ("{path}: no such folder", "{path}：没有这个文件夹"),
    "backed_up": (
        "backed up {library} to {target} ({size:,} bytes)",
        "已将 {library} 备份到 {target}（{size:,} 字节）",
    ),
    "restore_no_backup": (
        "{path}: no such backup file; nothing was changed",
        "{path}：没有这个备份文件；没有做任何修改",
    ),
    "restore_not_library": (
        "{path}: not a readlog library, so not a backup to restore; nothing was changed",
        "{path}：不是 readlog 书库，不能用来恢复；没有做任何修改",
    ),
    "restore_damaged": (
        "{path}: the backup is damaged ({detail}); nothing was changed. Restore another backup",
        "{path}：备份已损坏（{detail}）；没有做任何修改。请换一个备份来恢复",
    ),
    "restore_is_library": (
        "{path}: that is the library itself; give the backup to restore",
        "{path}：这就是书库本身；请给出要恢复的备份",
    ),
    "restore_not_written": (
        "{path}: cannot restore the backup ({reason}); the library was not changed",
        "{path}：无法恢复备份（{reason}）；书库没有改动",
    ),
    "restore_library": ("library: {path} ({entries})", "书库：{path}（{entries}）"),
    "restore_library_none": ("library: {path} (none yet)", "书库：{path}（尚无）"),
    "restore_library_unreadable": (
        "library: {path} (it cannot be read; it is kept as it is)",
        "书库：{path}（无法读取；会按原样保留）",
    ),
    "restore_backup": ("backup: {path} ({entries}, schema {version})", "备份：{path}（{entries}，结构版本 {version}）"),
    "restore_keeps": (
        "The library is kept beside it first, as a backup of its own.",
        "替换之前，书库会先作为一份备份保存在它旁边。",
    ),
    "restore_question": ("Replace the library with the backup?", "要用这个备份替换书库吗？"),
    "restore_no_terminal": (
        "not replacing the library without asking, and there is no terminal to ask on; add --yes",
        "不经确认不会替换书库，而这里没有终端可以询问；请加 --yes",
    ),
    "restored": (
        "restored {backup} to {library} ({entries}); the library it replaced was kept as {kept}",
        "已用 {backup} 恢复书库 {library}（{entries}）；被替换的书库已保存为 {kept}",
    ),
    "restored_new": ("restored {backup} to {library} ({entries})", "已用 {backup} 恢复书库 {library}（{entries}）"),
    "index_rebuilt": ("search index rebuilt: {n:,} entries", "搜索索引已重建：{n:,} 条"),
    # ---- db check
    "check_library": ("library: {path}", "书库：{path}"),
    "check_schema": ("schema: {schema}", "结构版本：{schema}"),
    "check_current": ("{version} (current)", "{version}（最新）"),
    "check_older": ("{version} (this readlog knows {latest})", "{version}（此 readlog 支持 {latest}）"),
    "check_upgrade": (
        "; it is upgraded, after a backup copy, the next time readlog opens it for writing",
        "；下次 readlog 写入时会先备份再升级",
    ),
    "check_entries": ("entries: {n}", "条目：{n}"),
    "check_index": ("search index: {index}", "搜索索引：{index}"),
    "check_index_none": ("none yet", "尚无"),
    "check_index_n": ("{n:,} entries", "{n:,} 条"),
    "check_journal": ("journal: {journal}", "日志模式：{journal}"),
    "check_ok": ("integrity: ok", "完整性：正常"),
    "check_damaged": ("integrity: DAMAGED", "完整性：已损坏"),
    "check_problem": ("problem: {problem}", "问题：{problem}"),
    "problem_integrity": ("integrity: {detail}", "完整性：{detail}"),
    "problem_entries": ("the entries table cannot be read", "无法读取条目表"),
    "problem_newer": (
        "made by a newer readlog (schema {version}); upgrade readlog",
        "由更新版本的 readlog 创建（结构版本 {version}）；请升级 readlog",
    ),
    "problem_index": (
        "the search index is out of step; run `readlog db rebuild-index`",
        "搜索索引与条目不一致；请运行 `readlog db rebuild-index`",
    ),
    # ---- counts used inside other messages
    "entry_1": ("{n:,} entry", "{n:,} 条"),
    "entry_n": ("{n:,} entries", "{n:,} 条"),
    # ---- the Markdown export
    "md_title": ("Reading list", "阅读清单"),
    "md_exported": ("Exported from readlog on {date}.", "由 readlog 于 {date} 导出。"),
    "md_no_source": ("(no source)", "（无来源）"),
    "md_untitled": ("(untitled)", "（无标题）"),
    "md_saved": ("saved {date}", "收藏于 {date}"),
    "md_tags": ("tags: {tags}", "标签：{tags}"),
    "md_archived": (" (archived)", "（已归档）"),
    "md_footer": ("{entries} · {read} read · {starred} starred", "{entries} · 已读 {read} · 星标 {starred}"),
    "md_empty": ("No entries.", "没有条目。"),
    # ---- usage errors found by the command-line parser (click)
    "usage_hint": (" (see '{command} --help')", "（见 '{command} --help'）"),
    "usage_no_option": ("No such option: {name}", "没有这个选项：{name}"),
    "usage_other": ("{detail}", "用法错误：{detail}"),
    "usage_needs_command": ("'{command}' needs a command: {names}", "'{command}' 需要一个子命令：{names}"),
    "output_failed": ("cannot write the output ({reason})", "无法写出输出（{reason}）"),
    "io_failed": ("input/output error ({reason})", "输入输出错误（{reason}）"),
    "aborted": ("aborted", "已中止"),
    # ---- edges: names and arguments that are not text, bad settings, encodings, the pager
    "argument_not_text": (
        "{what} is not valid text: {value} (bytes that are not UTF-8)",
        "{what} 不是有效的文本：{value}（含有不是 UTF-8 的字节）",
    ),
    "setting_no_home": (
        "{setting} (from {origin}): {value!r} starts with ~ but names no user's home directory",
        "{setting}（来自 {origin}）：{value!r} 以 ~ 开头，但找不到这个用户的主目录",
    ),
    "encoding_unknown": (
        "--encoding {name}: unknown encoding; try utf-8, gb18030 (Chinese), big5, shift_jis or latin-1",
        "--encoding {name}：未知的编码；可以试试 utf-8、gb18030（中文）、big5、shift_jis 或 latin-1",
    ),
    "encoding_not_text": (
        "--encoding {name}: {codec} is not an encoding of text files; "
        "try utf-8, gb18030 (Chinese), big5, shift_jis or latin-1",
        "--encoding {name}：{codec} 不是文本文件的编码；可以试试 utf-8、gb18030（中文）、big5、shift_jis 或 latin-1",
    ),
    "pager_failed": (
        "the pager ({pager}) failed ({detail}); the text is printed here instead",
        "分页程序（{pager}）运行失败（{detail}）；改为直接显示全文",
    ),
    "pager_status": ("exit status {code}", "退出状态 {code}"),
    # ---- fetch: pages, their limits and their titles (web client, core/fetching.py)
    "fetch_asks_to_wait": (
        "the site asks to wait {seconds:.0f} s, longer than readlog waits ({most:g} s); try again later",
        "网站要求等待 {seconds:.0f} 秒，超过 readlog 的等待上限（{most:g} 秒）；请稍后再试",
    ),
    "fetch_too_long": (
        "the page took longer than {most:g} s to download and read ({seconds:.1f} s)",
        "下载并读取该网页超过了 {most:g} 秒（{seconds:.1f} 秒）",
    ),
    "fetch_cut": (
        "the page is {size}; readlog read its first {most}",
        "网页大小为 {size}；readlog 只读取了前 {most}",
    ),
    "fetch_no_title": (
        "no readable title on the page; the entry keeps the title it had",
        "网页上没有可读的标题；条目保留原有标题",
    ),
    "minutes_range": ("{option} takes minutes, 0 to {most:,}", "{option} 的值是分钟数，0 到 {most:,}"),
    "minutes_crossed": (
        "{option} {low} is more than {other} {high}; nothing could match",
        "{option} {low} 大于 {other} {high}；不会有任何匹配",
    ),
    # ---- the library file: reaching it, damage, text that is not UTF-8 (issue 25)
    "library_no_access": (
        "{path}: cannot read the library (permission denied); check the permissions of the file "
        "and of the folders above it, or give another path with --db",
        "{path}：无法读取书库（权限不足）；请检查该文件及其上级目录的权限，或用 --db 指定其他路径",
    ),
    "library_unreachable": (
        "{path}: cannot open the library ({reason}); check the path, or give another one with --db",
        "{path}：无法打开书库（{reason}）；请检查路径，或用 --db 指定其他路径",
    ),
    "problem_schema": (
        "the definition of {name} is damaged or not readlog's; restore a backup copy, "
        "or `readlog export` what still reads into a new library",
        "{name} 的定义已损坏或不是 readlog 写的；请恢复备份，或用 `readlog export` 导出仍可读取的内容并导入新书库",
    ),
    "problem_not_utf8_entry": (
        "entry {row}: {columns} holds text that is not UTF-8; it is shown with \ufffd for the bad bytes "
        "until you change it (readlog edit {row})",
        "条目 {row}：{columns} 含有不是 UTF-8 的文本；在修改之前以 \ufffd 代替坏字节显示（readlog edit {row}）",
    ),
    "problem_not_utf8_row": (
        "{table} row {row}: {columns} holds text that is not UTF-8; it is shown with \ufffd for the bad bytes",
        "{table} 第 {row} 行：{columns} 含有不是 UTF-8 的文本；以 \ufffd 代替坏字节显示",
    ),
    "problem_not_utf8_more": (
        "{n:,} more rows hold text that is not UTF-8 (see --json)",
        "另有 {n:,} 行含有不是 UTF-8 的文本（见 --json）",
    ),
    # ---- field limits (model/fields.py)
    "bad_field_limit": (
        "{env}={raw!r}: give a number of characters of at least 1, e.g. {env}={default}",
        "{env}={raw!r}：请给出至少为 1 的字符数，例如 {env}={default}",
    ),
    "field_too_long": (
        "{option} is {length:,} characters long; at most {limit:,} fit",
        "{option} 长 {length:,} 个字符；最多只能存 {limit:,} 个",
    ),
    "note_too_long": (
        "the note is {length:,} characters long; at most {limit:,} fit",
        "笔记长 {length:,} 个字符；最多只能存 {limit:,} 个",
    ),
    "too_many_tags": (
        "entry {id} would have {n:,} tags; at most {limit:,} fit on one entry",
        "条目 {id} 将有 {n:,} 个标签；一个条目最多 {limit:,} 个",
    ),
    "field_raise": ("set {env} to raise the limit", "可设置 {env} 提高上限"),
    "fields_cut_1": (
        "1 {one} was cut to {limit:,} characters, the limit{raise_}",
        "1 个{one}被截断为 {limit:,} 个字符（上限）{raise_}",
    ),
    "fields_cut_n": (
        "{n:,} {many} were cut to {limit:,} characters, the limit{raise_}",
        "{n:,} 个{many}被截断为 {limit:,} 个字符（上限）{raise_}",
    ),
    "tags_dropped": (
        "{n:,} tags beyond {limit:,} on one entry were dropped",
        "单个条目超过 {limit:,} 个的 {n:,} 个标签已丢弃",
    ),
    "item_ids_dropped": (
        "{n:,} feed item ids were not kept (longer than {chars:,} characters, or beyond {limit:,} on one entry)",
        "{n:,} 个订阅条目 id 未保留（超过 {chars:,} 个字符，或单个条目超过 {limit:,} 个）",
    ),
    "field_title": ("title|titles", "标题"),
    "field_source": ("source|sources", "来源"),
    "field_category": ("category|categories", "分类"),
    "field_url": ("link|links", "链接"),
    "field_saved_raw": ("saved stamp|saved stamps", "收藏时间原文"),
    "field_summary": ("summary|summaries", "摘要"),
    "field_verdict": ("verdict|verdicts", "评语"),
    "field_note": ("note|notes", "笔记"),
    "field_tag": ("tag|tags", "标签"),
    "field_text": ("article text|article texts", "正文"),
    "field_final_url": ("fetched address|fetched addresses", "抓取后的地址"),
    "field_fetch_error": ("fetch error|fetch errors", "抓取错误"),
    "field_lang": ("language|languages", "语言"),
    # import: real exports (guessed encodings)
    "encoding_guessed": (
        "not UTF-8 and no encoding declared; read as {encoding} (give --encoding if the text looks wrong)",
        "不是 UTF-8，也没有声明编码；按 {encoding} 读取（文字看起来不对时请用 --encoding 指定）",
    ),
    # ---- piped output and --json FIELDS
    "json_unknown_fields": (
        "--json: no field {names}; the fields are: {valid}",
        "--json：没有字段 {names}；可用的字段：{valid}",
    ),
    # ---- import: the reference time of relative stamps (--as-of, else the file's modification time)
    "as_of_counted_from": (
        "relative or missing times (3 days ago) counted from {when}, {whose}",
        "相对时间（3 天前）和缺少的时间按 {when}（{whose}）计算",
    ),
    "as_of_from_given": ("as --as-of says", "--as-of 指定"),
    "as_of_from_file": (
        "when the file was last modified (--as-of gives another)",
        "文件的修改时间；可用 --as-of 另行指定",
    ),
    "as_of_from_archive": (
        "when the archive was last modified (--as-of gives another)",
        "压缩包的修改时间；可用 --as-of 另行指定",
    ),
    "as_of_from_now": ("now, the import time (--as-of gives another)", "现在，即导入时间；可用 --as-of 另行指定"),
    # ---- add: a page that could not be read, and fetch by id (issue 24)
    "added_page_gone": (
        "{url}: the page answered HTTP {status}; saved with the link only",
        "{url}：网页返回 HTTP {status}；只保存了链接",
    ),
    "added_pdf_file": (
        "{url}: a PDF ({type}); saved with the link only, readlog does not read PDFs",
        "{url}：这是 PDF 文件（{type}）；只保存了链接，readlog 不读取 PDF",
    ),
    "added_not_a_page": (
        "{url}: not a web page ({type}); saved with the link only, readlog reads HTML and plain text",
        "{url}：不是网页（{type}）；只保存了链接，readlog 只读取 HTML 和纯文本",
    ),
    "added_unreadable": (
        "could not read {url} ({why}); saved with the link only",
        "无法读取 {url}（{why}）；只保存了链接",
    ),
    "added_try_later": (
        "could not read {url} ({why}); saved with its host as the source. "
        "`readlog fetch {id}` tries again and fills in the title",
        "无法读取 {url}（{why}）；已保存，来源暂用网址的主机名。`readlog fetch {id}` 会再试一次并补全标题",
    ),
    "fetch_skipped_done": (
        ", {n:,} skipped (fetched already; --refetch fetches again)",
        "，跳过 {n:,} 篇（已抓取；--refetch 重新抓取）",
    ),
    "fetch_skipped_recent": (
        ", {n:,} skipped (tried within a day; readlog fetch ID or --refetch tries again now)",
        "，跳过 {n:,} 篇（一天内试过；readlog fetch 编号 或 --refetch 可以立即重试）",
    ),
    "fetch_skipped_mixed": (
        ", {n:,} skipped (fetched already or tried within a day; --refetch fetches again)",
        "，跳过 {n:,} 篇（已抓取或一天内试过；--refetch 重新抓取）",
    ),
    # ---- edit: a form that cannot be used is opened again (issue 24)
    "edit_form_reopened": (
        "{error}; the form is open again: fix it, or empty it to cancel",
        "{error}；表单已重新打开：改正后保存，或清空以取消",
    ),
    "edit_form_error": ("this form could not be used: {error}", "这个表单无法使用：{error}"),
    "edit_form_how": (
        "Fix it and save to try again; empty the file, or save it unchanged, to cancel.",
        "改正后保存即可重试；清空文件或原样保存则取消。",
    ),
    "edit_cancelled": ("edit cancelled; nothing was changed", "已取消编辑；没有做任何修改"),
    "edit_text_kept": ("your text is saved in {path}", "你写的内容已保存在 {path}"),
    "edit_text_lost": ("your text could not be saved anywhere", "你写的内容无法保存到任何地方"),
    # ---- shell completion (readlog completion, --install-completion)
    "completion_no_shell": (
        "cannot tell which shell this is; name it: readlog completion SHELL ({shells})",
        "无法判断当前的 shell；请指明：readlog completion SHELL（{shells}）",
    ),
    "completion_unknown_shell": (
        "no completion for the shell {shell!r}; readlog completes in {shells}",
        "不支持 {shell!r} 的补全；readlog 支持 {shells}",
    ),
    "completion_installed": ("{shell} completion installed in {path}", "{shell} 补全已安装到 {path}"),
    "completion_rc_added": ("added to {file}: {line}", "已在 {file} 中添加：{line}"),
    "completion_restart": (
        "it takes effect in a new shell (or after sourcing the start-up file)",
        "在新开的 shell 中生效（或重新加载启动文件后）",
    ),
    # ---- --lang zh everywhere (issue 24): click's usual usage errors, said in Chinese
    "out_of_range": ("a number or date is out of range ({detail})", "数字或日期超出范围（{detail}）"),
    "usage_lang_unknown": (
        "{value} is not a language readlog speaks; use en or zh",
        "{value} 不是 readlog 支持的语言；请用 en 或 zh",
    ),
    "usage_possible_options": (" (possible options: {names})", "（可能是：{names}）"),
    "usage_lacks_argument": ("Missing argument {name}.", "缺少参数 {name}。"),
    "usage_lacks_option": ("Missing option {name}.", "缺少选项 {name}。"),
    "usage_value_invalid_for": ("Invalid value for {param}: {detail}", "{param} 的值无效：{detail}"),
    "usage_value_invalid_bare": ("Invalid value: {detail}", "值无效：{detail}"),
    "usage_int_invalid": ("{value} is not a valid int.", "{value} 不是有效的整数。"),
    "usage_integer_invalid": ("{value} is not a valid integer.", "{value} 不是有效的整数。"),
    "usage_float_invalid": ("{value} is not a valid float.", "{value} 不是有效的数字。"),
    "usage_value_invalid_kind": ("{value} is not a valid {kind}.", "{value} 不是有效的 {kind}。"),
    "usage_range_outside": ("{value} is not in the range {range}.", "{value} 不在 {range} 范围内。"),
    "usage_choice_outside": ("{value} is not one of {choices}.", "{value} 不是 {choices} 之一。"),
    "usage_command_unknown_suggest": (
        "No such command {name}. Did you mean {names}?",
        "没有这个命令：{name}。是不是 {names}？",
    ),
    "usage_command_unknown_plain": ("No such command {name}.", "没有这个命令：{name}。"),
    "usage_option_needs_value": ("Option {name} requires an argument.", "选项 {name} 需要一个值。"),
    "usage_option_takes_none": ("Option {name} does not take a value.", "选项 {name} 不接受值。"),
    "usage_arguments_extra": ("Got unexpected extra argument(s) ({names})", "多余的参数（{names}）"),
    "trash_empty_question": (
        "Delete {entries} for good? This cannot be undone.",
        "要永久删除这 {entries}吗？此操作无法撤销。",
    ),
    "trash_empty_no_terminal": (
        "not deleting {entries} without asking, and there is no terminal to ask on; add --yes",
        "不经确认不会删除 {entries}，而这里没有终端可以询问；请加 --yes",
    ),
    "edit_kept_draft": (
        "nothing was changed, and your text is saved in {path}",
        "没有做任何修改，你写的内容已保存在 {path}",
    ),
    "edit_lost_draft": (
        "nothing was changed, and your text could not be saved anywhere",
        "没有做任何修改，你写的内容也无法保存到任何地方",
    ),
    "edit_form_unusable": ("the form cannot be applied ({detail})", "无法应用这份表单（{detail}）"),
    "editor_not_command": (
        "${var} is not a command readlog can run ({detail}): {value}",
        "${var} 不是 readlog 能运行的命令（{detail}）：{value}",
    ),
    "no_editor_form": (
        "no editor found: set $EDITOR, or give the changes as options (readlog edit {id} --title ...)",
        "找不到编辑器：请设置 $EDITOR，或用选项给出修改（readlog edit {id} --title ...）",
    ),
    "no_terminal_form": (
        "no terminal for an editor: give the changes as options (readlog edit {id} --title ...)",
        "没有终端可运行编辑器：请用选项给出修改（readlog edit {id} --title ...）",
    ),
    "editor_not_started": (
        "cannot start the editor {editor} ({reason}); the note was not changed",
        "无法启动编辑器 {editor}（{reason}）；笔记没有修改",
    ),
    "editor_not_started_form": (
        "cannot start the editor {editor} ({reason}); the entry was not changed",
        "无法启动编辑器 {editor}（{reason}）；条目没有修改",
    ),
    "editor_failed_form": (
        "the editor exited with status {code}; the entry was not changed",
        "编辑器以状态 {code} 退出；条目没有修改",
    ),
    "form_not_toml": ("the form is not valid TOML: {detail}", "表单不是有效的 TOML：{detail}"),
    "form_unknown_field": ("unknown field {name}; the fields are {names}", "未知字段 {name}；可用的字段有 {names}"),
    "form_missing_line": (
        'the form has no {name} line; write {name} = "" to empty it',
        '表单里没有 {name} 这一行；要清空它请写 {name} = ""',
    ),
    "form_not_text": (
        '{name} must be text in quotes, e.g. {name} = "..." (got {value})',
        '{name} 必须是加引号的文字，例如 {name} = "..."（实际是 {value}）',
    ),
    "config_written": ("wrote {path}", "已写入 {path}"),
    "triage_needs_terminal": (
        "triage is a full-screen view and needs a terminal; in scripts use list, show and read",
        "triage 是全屏界面，需要终端；在脚本中请用 list、show 和 read",
    ),
    "edit_link_runs_code": (
        "{option}: {url} is a link that runs code, not a page",
        "{option}：{url} 是会运行代码的链接，不是网页",
    ),
    "edit_not_a_date": (
        '{option}: {value} is not a date; write it as YYYY-MM-DD, or "" for none',
        '{option}：{value} 不是日期；请写成 YYYY-MM-DD，或用 "" 表示没有',
    ),
    "edit_not_web": (
        "{option}: {url} is not a web address; give an http:// or https:// link",
        "{option}：{url} 不是网址；请给出 http:// 或 https:// 链接",
    ),
    "edit_link_owned": (
        "entry {id} already has the link {url}; nothing was changed",
        "条目 {id} 已经有链接 {url}；没有做任何修改",
    ),
    "edit_link_owned_trash": (
        "entry {id} (in the trash) already has the link {url}; nothing was changed",
        "条目 {id}（在回收站中）已经有链接 {url}；没有做任何修改",
    ),
    "add_not_web": (
        "not a web address: {url} (readlog add takes http:// and https:// links)",
        "不是网址：{url}（readlog add 只接受 http:// 和 https:// 链接）",
    ),
    "add_needs_url": (
        "give a URL to save (or - to read them from standard input)",
        "请给出要收藏的网址（或用 - 从标准输入读取）",
    ),
    "add_title_one_url": ("--title names one entry; give one URL with it", "--title 只能用于一个条目；请只给一个网址"),
    "undo_changed_meanwhile": (
        "the library changed meanwhile; nothing was undone",
        "书库在此期间被修改了；没有撤销任何操作",
    ),
    "export_not_written": (
        "{path}: cannot write ({reason}); nothing was written",
        "{path}：无法写入（{reason}）；什么都没有写",
    ),
    "export_is_dir": ("{path}: is a directory; give a file name to -o", "{path}：是目录；请给 -o 一个文件名"),
    "write_here_failed": ("{path}: cannot write here ({reason})", "{path}：无法在这里写入（{reason}）"),
    "write_failed": ("{path}: cannot write ({reason})", "{path}：无法写入（{reason}）"),
    "fetch_stopped": ("fetch stopped: {detail}", "抓取已停止：{detail}"),
    "fetch_interrupted": (
        "fetch interrupted: {saved:,} of {seen:,} pages saved; run it again to fetch the rest",
        "抓取被中断：{seen:,} 个网页中已保存 {saved:,} 个；再运行一次即可抓取其余的",
    ),
    "fetch_jobs_range": ("--jobs must be between 1 and {most}", "--jobs 必须在 1 到 {most} 之间"),
    "api_library_closed": ("the library is closed", "书库已关闭"),
    "config_unreadable": ("{path}: cannot read the config file ({reason})", "{path}：无法读取配置文件（{reason}）"),
    "config_not_toml": ("{path}: not valid TOML: {detail}", "{path}：不是有效的 TOML：{detail}"),
    "config_bad_library": (
        '{path}: library must be a path in quotes, e.g. library = "~/reading.db" (got {value})',
        '{path}：library 必须是加引号的路径，例如 library = "~/reading.db"（实际是 {value}）',
    ),
    "config_bad_columns": (
        '{path}: columns must be a list such as ["source", "saved"] (got {value})',
        '{path}：columns 必须是列表，例如 ["source", "saved"]（实际是 {value}）',
    ),
    "config_unknown_column": (
        "{path}: unknown column {name}; choose from {names}",
        "{path}：未知的列 {name}；可选 {names}",
    ),
    "config_bad_page_size": (
        "{path}: page_size must be a whole number, 0 for all (got {value})",
        "{path}：page_size 必须是整数，0 表示全部（实际是 {value}）",
    ),
    "config_bad_lang": (
        '{path}: lang must be "en" or "zh" (got {value})',
        '{path}：lang 必须是 "en" 或 "zh"（实际是 {value}）',
    ),
    "config_exists": (
        "{path}: already exists; edit it, or remove it first",
        "{path}：已经存在；请直接编辑，或先删除它",
    ),
    "config_not_written": ("{path}: cannot write the config file ({reason})", "{path}：无法写入配置文件（{reason}）"),
    "triage_tags_unreadable": ("cannot read the tags: {detail}", "无法读取标签：{detail}"),
    "triage_not_tag_change": (
        "{value} is not a tag change: write +TAG to add one, -TAG to remove one",
        "{value} 不是标签修改：+TAG 添加，-TAG 移除",
    ),
    "restore_clash": (
        "cannot restore entry {id}: entry {other} is the same article (same link or text); "
        "remove or change entry {other} first. Nothing was changed",
        "无法恢复条目 {id}：条目 {other} 是同一篇文章（链接或正文相同）；请先删除或修改条目 {other}。没有做任何修改",
    ),
    "search_no_option": (
        "no such option: {name} (to exclude a word, write -word)",
        "没有这个选项：{name}（要排除一个词，请写 -word）",
    ),
    "search_query_empty": (
        'the search query is empty; give a word, a "phrase", or -word to exclude',
        '搜索内容是空的；请给出一个词、一个 "短语"，或用 -word 排除',
    ),
    "search_too_many_words": (
        "the search has {n} words; at most {most} fit in one query",
        "搜索有 {n} 个词；一次最多 {most} 个",
    ),
    "unknown_sort": ("unknown sort {name}; choose one of {names}", "未知的排序方式 {name}；可选 {names}"),
    "library_folder_failed": (
        "{path}: cannot create the library folder ({reason})",
        "{path}：无法创建书库所在的文件夹（{reason}）",
    ),
    "library_folder_not_writable": (
        "{path}: cannot create the library here ({reason})",
        "{path}：无法在这里创建书库（{reason}）",
    ),
    "library_upgrading": (
        "upgrading the library from schema {version} to {latest}; a copy was saved to {path}",
        "正在把书库从结构版本 {version} 升级到 {latest}；已备份到 {path}",
    ),
    "backup_check_failed": (
        "{path}: the copy failed its check ({detail}); the library may be damaged",
        "{path}：副本没有通过检查（{detail}）；书库可能已损坏",
    ),
    "backup_not_written": ("{path}: cannot write the backup ({reason})", "{path}：无法写入备份（{reason}）"),
    "input_too_large": (
        "{name}: {what} more than {size}, the most readlog takes; set {env} to raise the limit",
        "{name}：{what}超过 {size}，这是 readlog 能接受的上限；可设置 {env} 提高上限",
    ),
    "limit_expands": ("it expands to", "解压后"),
    "limit_compressed_expands": ("its compressed data expands to", "其压缩数据解压后"),
    "limit_whole": ("it is read whole, and holds", "它需要整个读入，而其大小"),
    "limit_feed_whole": ("a feed is read whole, and this one holds", "订阅源需要整个读入，而这个的大小"),
    "limit_plist_json": ("as JSON, this property list expands to", "这个属性列表转成 JSON 后"),
    "limit_lz4_declared": (
        "it says it holds {size:,} bytes once decompressed, more than readlog reads:",
        "它声称解压后有 {size:,} 字节，",
    ),
    "input_bomb": (
        "{name}: its compressed data expands more than {ratio} times ({given} MB from {packed} KB), "
        "as only a compression bomb does; decompress it yourself if it is genuine",
        "{name}：其压缩数据解压后膨胀了 {ratio} 倍以上（{packed} KB 解压成 {given} MB），"
        "只有压缩炸弹才会这样；如果文件确实没问题，请自己先解压",
    ),
    "zip_damaged": ("{name}: a damaged zip archive ({detail})", "{name}：zip 压缩包已损坏（{detail}）"),
    "zip_member_unreadable": (
        "{name}: cannot read this member ({detail})",
        "{name}：无法读取压缩包里的这个文件（{detail}）",
    ),
    "plist_damaged": ("{name}: a damaged property list (plist)", "{name}：属性列表（plist）已损坏"),
    "lz4_damaged": (
        "{name}: damaged LZ4 data (a Firefox .jsonlz4 backup cut short or corrupted)",
        "{name}：LZ4 数据已损坏（Firefox 的 .jsonlz4 备份不完整或已损坏）",
    ),
    "input_unreadable_past": (
        "{name}: cannot read past byte {at:,} ({detail})",
        "{name}：读到第 {at:,} 字节后无法继续读取（{detail}）",
    ),
    "input_unreadable": ("{name}: cannot read ({reason})", "{name}：无法读取（{reason}）"),
    "input_zip_on_stdin": (
        "{name}: a zip archive; give its path (not standard input or an open file) to import what is inside",
        "{name}：是 zip 压缩包；请给出它的路径（而不是标准输入或已打开的文件）来导入里面的内容",
    ),
    "input_read_gave": ("its read() gave {kind}, not bytes or text", "它的 read() 返回的是 {kind}，不是字节或文字"),
    "import_text_stream_encoding": (
        "{name}: a text stream is read as it was decoded; encoding is for a file of bytes",
        "{name}：文本流按它已解码的文字读取；只有字节文件才能指定编码",
    ),
    "input_utf16_no_bom": (
        "{name}: looks like UTF-16 text without a byte-order mark; try --encoding {encoding}",
        "{name}：看起来是没有字节顺序标记的 UTF-16 文本；请试试 --encoding {encoding}",
    ),
    "input_bad_byte": (
        "{name}: line {line} is not valid {encoding} text (byte 0x{byte}); {hint}",
        "{name}：第 {line} 行不是有效的 {encoding} 文本（字节 0x{byte}）；{hint}",
    ),
    "input_not_text": (
        "{name}: not {encoding} text ({detail}); {hint}",
        "{name}：不是 {encoding} 文本（{detail}）；{hint}",
    ),
    "encoding_hint": (
        "try --encoding gb18030 (Chinese), big5, shift_jis or latin-1",
        "可以试试 --encoding gb18030（中文）、big5、shift_jis 或 latin-1",
    ),
    "encoding_check": ("check --encoding", "请检查 --encoding"),
    "input_no_bom": (
        "it does not start with a byte-order mark: name the byte order, {le} or {be}",
        "开头没有字节顺序标记：请指明字节顺序，{le} 或 {be}",
    ),
    "fetch_timed_out": ("no answer within {seconds:g} s (timed out)", "{seconds:g} 秒内没有响应（超时）"),
    "fetch_slower_than": ("the page took longer than {most:g} s", "网页用时超过 {most:g} 秒"),
    "fetch_too_many_redirects": ("too many redirects", "重定向太多"),
    "fetch_no_host": ("no such host", "没有这个主机"),
    "fetch_lookup_failed": ("cannot look up the host ({reason})", "无法解析主机名（{reason}）"),
    "fetch_refused": ("connection refused", "连接被拒绝"),
    "fetch_bad_address": ("not a valid web address", "不是有效的网址"),
    "fetch_redirect_not_web": ("redirects to something that is not a web page", "重定向到的不是网页"),
    "fetch_redirect_loop": ("redirect loop", "循环重定向"),
    "fetch_http_status": ("HTTP {status}", "HTTP {status} 错误"),
    "fetch_redirects_over": ("more than {most} redirects", "重定向超过 {most} 次"),
    "fetch_not_page": (
        "not a web page ({type}); readlog reads HTML and plain text",
        "不是网页（{type}）；readlog 只读取 HTML 和纯文本",
    ),
    "fetch_compression_unknown": (
        "the page is compressed in a way readlog cannot read ({encoding})",
        "网页的压缩方式 readlog 无法读取（{encoding}）",
    ),
    "fetch_too_big": ("the page is larger than {size}", "网页大于 {size}"),
    "fetch_type_unknown": ("not a web page (the server did not say what it is)", "不是网页（服务器没有说明它是什么）"),
    "fetch_compression_damaged": ("the page's compressed data is damaged", "网页的压缩数据已损坏"),
    "fetch_no_text": ("no article text found on the page", "网页上没有找到正文"),
    # what each action did, as history and undo show it (stored in English, said again in the user's language)
    "did_change_of": ("{changed} of {n} changed", "{n} 条中修改了 {changed} 条"),
    "did_note_saved": ("note saved", "笔记已保存"),
    "did_note_cleared": ("note cleared", "笔记已清除"),
    "did_note_unchanged": ("note unchanged", "笔记未变"),
    "did_change_matching": ("{changed} of {matched} matching changed", "匹配 {matched} 条，修改了 {changed} 条"),
    "did_edit": ("changed {fields}", "修改了 {fields}"),
    "did_trash": ("{n} moved to the trash", "{n} 条移到回收站"),
    "did_restore": ("{n} restored", "恢复了 {n} 条"),
    "did_empty": ("{n} deleted for good", "永久删除了 {n} 条"),
    "did_add": ("{added} added, {known} already saved", "新增 {added} 条，{known} 条已收藏过"),
    "did_import": (
        "{added} added, {updated} updated, {unchanged} already in the library, {skipped} skipped",
        "新增 {added} 条，更新 {updated} 条，{unchanged} 条已在书库中，跳过 {skipped} 条",
    ),
    "did_fetch": (
        "{fetched} fetched, {failed} failed ({dead} dead), {skipped} skipped",
        "抓取 {fetched} 篇，失败 {failed} 篇（失效 {dead} 篇），跳过 {skipped} 篇",
    ),
    "did_interrupt": ("interrupted: {detail}", "已中断：{detail}"),
    "did_start": ("started", "进行中"),
    "time_unreadable": (
        "cannot read {value} as a time; use YYYY-MM-DD, YYYY-MM-DDTHH:MM[+08:00], or 7d / 2w / 3mo",
        "无法把 {value} 当作时间；请用 YYYY-MM-DD、YYYY-MM-DDTHH:MM[+08:00] 或 7d / 2w / 3mo",
    ),
    "time_before_year_one": ("{value} reaches back before the year 1", "{value} 早于公元 1 年"),
    "directory_unrecognised": (
        "{name}: no file in this directory has a format readlog recognises",
        "{name}：这个目录里没有 readlog 认识的格式的文件",
    ),
    "directory_empty": ("{name}: the directory is empty", "{name}：目录是空的"),
    "archive_unrecognised": (
        "{name}: no file in this archive has a format readlog recognises",
        "{name}：这个压缩包里没有 readlog 认识的格式的文件",
    ),
    "archive_empty": ("{name}: the archive is empty", "{name}：压缩包是空的"),
    "directory_unlistable": ("{name}: cannot list the directory ({reason})", "{name}：无法列出目录内容（{reason}）"),
    "skip_folder": ("a folder; folders inside are not searched", "是文件夹；不会查找里面的文件夹"),
    "skip_archive_folder": (
        "a folder of files other than JSON and CSV; only those are read from an archive's folders",
        "文件夹里没有 JSON 或 CSV 文件；压缩包的文件夹中只读取这两种文件",
    ),
    "skip_not_regular": ("not a regular file", "不是普通文件"),
    "skip_unrecognised": ("format not recognised", "无法识别格式"),
    "skip_other_format": ("looks like {detected}, not {format}", "看起来是 {detected}，不是 {format}"),
    "os_not_found": ("No such file or directory", "没有这个文件或目录"),
    "os_permission": ("Permission denied", "权限不足"),
    "os_not_permitted": ("Operation not permitted", "不允许这个操作"),
    "os_disk_full": ("No space left on device", "磁盘空间已满"),
    "os_read_only": ("Read-only file system", "文件系统是只读的"),
    "os_is_directory": ("Is a directory", "是目录"),
    "os_not_directory": ("Not a directory", "不是目录"),
    "fetch_maybe_offline": ("{detail} (or the network is down)", "{detail}（也可能是网络断了）"),
    # ---- settings and triage (issue 24)
    "config_bad_bool": (
        "{path}: {option} must be true or false (got {value})",
        "{path}：{option} 必须是 true 或 false（实际是 {value}）",
    ),
    # ---- open ID N: the links show lists
    "open_no_own_link": (
        "entry {id} has no link of its own, but {n} in its summary: "
        "readlog open {id} 1 opens the first (readlog show {id} lists them)",
        "条目 {id} 没有自己的链接，但摘要中有 {n} 个：readlog open {id} 1 打开第一个（readlog show {id} 列出全部）",
    ),
    "open_link_number": (
        "entry {id} has no link {number}; its links are numbered from 1 to {n} (readlog show {id} lists them)",
        "条目 {id} 没有第 {number} 个链接；它的链接编号从 1 到 {n}（readlog show {id} 列出全部）",
    ),
    # ---- import: the problems found in a file (model/entry.Problem), said by key (issue 24). "--json"
    # gives the key with each problem's English message: a code scripts can match on.
    "import_line": ("line {line}: {problem}", "第 {line} 行：{problem}"),
    "import_where": ("{where}: {problem}", "{where}：{problem}"),
    "import_at_record": ("record {number}", "第 {number} 条记录"),
    "import_at_row": ("row at line {line}", "第 {line} 行的记录"),
    "import_at_item": ("item {number}", "第 {number} 项"),
    "import_no_entries": ("no entries found", "没有找到条目"),
    "import_format_forced": (
        "this looks like {detected}, not {name}; read as {name} because --format said so",
        "这看起来是 {detected}，不是 {name}；因为 --format 这样指定，仍按 {name} 读取",
    ),
    "import_too_deep": (
        "structure nested too deeply to follow; the rest of the file was skipped",
        "结构嵌套太深，无法继续读取；文件的其余部分已跳过",
    ),
    "import_gzip_trailing": ("trailing bytes after the gzip data were ignored", "gzip 数据之后多余的字节已忽略"),
    "import_gzip_cut": (
        "the gzip data ends too soon (cut short?); what came before was read",
        "gzip 数据提前结束（文件不完整？）；已读取之前的内容",
    ),
    "import_char_cut": (
        "the file ends in the middle of a character (cut short?); its last bytes were ignored",
        "文件在一个字符的中间结束（文件不完整？）；最后几个字节已忽略",
    ),
    "import_code_link": (
        "{title!r} links to {scheme}: code, not a page; skipped",
        "{title!r} 的链接是会运行代码的 {scheme} 链接，不是网页；已跳过",
    ),
    "link_not_web": ("not a web link ({url})", "不是网页链接（{url}）"),
    "link_feed_subscription": ("a feed subscription, not an article ({url})", "这是订阅源，不是文章（{url}）"),
    "link_outline_include": (
        "an outline kept in another file, not an article ({url})",
        "这是引用另一个文件的大纲，不是文章（{url}）",
    ),
    "import_link_refused": ("{reason}; skipped", "{reason}；已跳过"),
    "import_link_refused_titled": ("{title!r}: {reason}; skipped", "{title!r}：{reason}；已跳过"),
    # What a browser's bookmark file holds besides web pages, counted one line per scheme
    # instead of a line each (model/entry.py PASSES: the problems above that these count).
    "import_not_web_bookmarks": (
        "{n:,} bookmark{s} of {scheme}: links, which are not web pages; skipped",
        "{n:,} 个 {scheme}: 书签不是网页；已跳过",
    ),
    "import_bookmarklets": (
        "{n:,} bookmarklet{s} ({scheme}: links run code, they are not pages); skipped",
        "{n:,} 个书签小程序（{scheme}: 链接会运行代码，不是网页）；已跳过",
    ),
    "import_time_out_of_range": (
        "{what} time {value} is out of range (1980-2999); the import time is used",
        "{what}时间 {value} 超出范围（1980-2999）；改用导入时间",
    ),
    "import_time_saved": ("saved", "收藏"),
    "import_time_read": ("read", "阅读"),
    "import_time_starred": ("starred", "加星标"),
    "import_time_archived": ("archived", "归档"),
    "import_time_imported": ("imported", "导入"),
    "import_time_unreadable": ("{column} {raw!r} is not a time; left unknown", "{column} {raw!r} 不是时间；留空"),
    "import_saved_time_unreadable": (
        "{column} {raw!r} is not a time; saved time left unknown",
        "{column} {raw!r} 不是时间；收藏时间留空",
    ),
    "import_csv_quote_unclosed": (
        "a quote opened in this row is never closed; row skipped",
        "这一行里的引号没有闭合；已跳过这一行",
    ),
    "import_csv_row_unreadable": ("unreadable CSV row ({detail}); skipped", "无法读取的 CSV 行（{detail}）；已跳过"),
    "import_line_too_long_row": (
        "line is too long to be part of a row; skipped",
        "这一行太长，不能作为表格的一行；已跳过",
    ),
    "import_line_too_long_entry": (
        "line is too long to be part of an entry; skipped",
        "这一行太长，不能作为条目的一部分；已跳过",
    ),
    "import_line_too_long_record": ("line is too long to be a record; skipped", "这一行太长，不能作为一条记录；已跳过"),
    "import_line_too_long_link": ("line is too long to be a link; skipped", "这一行太长，不能作为链接；已跳过"),
    "import_row_no_url": ("row has no URL; skipped", "这一行没有网址；已跳过"),
    "import_link_no_href": ("link has no address (href); skipped", "链接没有地址（href）；已跳过"),
    "import_not_a_url": ("{url!r} is not a URL; skipped", "{url!r} 不是网址；已跳过"),
    "import_not_a_link": ("{text!r} is not a link; skipped", "{text!r} 不是链接；已跳过"),
    "import_no_url": ("no URL; skipped", "没有网址；已跳过"),
    "import_no_url_field": ("no url; skipped", "没有 url；已跳过"),
    "import_not_an_object": ("not an object; skipped", "不是对象；已跳过"),
    "import_no_records": (
        "found no list of records with a URL in this JSON; nothing imported",
        "这个 JSON 里没有找到带网址的记录列表；什么都没有导入",
    ),
    "import_pocket_deleted": ("deleted in Pocket (status 2); skipped", "已在 Pocket 中删除（status 2）；已跳过"),
    "import_json_invalid": ("not valid JSON ({detail})", "不是有效的 JSON（{detail}）"),
    "import_json_record_invalid": ("not valid JSON ({detail}); skipped", "不是有效的 JSON（{detail}）；已跳过"),
    "import_json_file_invalid": (
        "not valid JSON ({detail}); nothing imported from this file",
        "不是有效的 JSON（{detail}）；这个文件什么都没有导入",
    ),
    "import_json_too_deep": ("nested too deeply", "嵌套太深"),
    "import_json_at_column": ("{reason} at column {column}", "{reason}，在第 {column} 列"),
    "import_json_list_unclosed": (
        "the file ends before the list is closed; it may be cut short",
        "文件在列表结束之前就结束了；可能不完整",
    ),
    "import_json_text_after": (
        "unexpected text after the end of the list; ignored",
        "列表结束后还有多余的文字；已忽略",
    ),
    "import_feed_malformed": (
        "the feed is not well-formed ({detail}); {count} item(s) read anyway",
        "订阅源的格式不规范（{detail}）；仍读取了 {count} 项",
    ),
    "import_feed_unreadable": ("not a readable feed ({detail})", "不是可以读取的订阅源（{detail}）"),
    "import_feed_link_not_web": ("link {link!r} is not a web address; left out", "链接 {link!r} 不是网址；已略去"),
    "import_feed_item_empty": ("no link, title or text; skipped", "没有链接、标题或正文；已跳过"),
    "import_xml_damaged": (
        "damaged XML ({detail}); {count} record(s) before this line were read, nothing after it",
        "XML 已损坏（{detail}）；已读取此行之前的 {count} 条记录，之后的内容未读取",
    ),
    "import_xml_entity": (
        "the file declares its own XML entity {name!r}, which readlog never expands; nothing after it was read",
        "文件自行声明了 XML 实体 {name!r}，readlog 从不展开这类实体；之后的内容未读取",
    ),
    "import_xml_too_long": (
        "a tag, comment or declaration longer than 1 MB; nothing after it was read",
        "一个标签、注释或声明超过 1 MB；之后的内容未读取",
    ),
    "import_bookmark_no_link": (
        "bookmark {number} ({title!r}): no {field}; skipped",
        "第 {number} 个书签（{title!r}）：没有 {field}；已跳过",
    ),
    "import_bookmark_no_href": (
        "bookmark {title!r} has no address (HREF); skipped",
        "书签 {title!r} 没有地址（HREF）；已跳过",
    ),
    "import_href_unclosed": (
        "the HREF of {title!r} misses its closing quote; kept {href!r}",
        "{title!r} 的 HREF 缺少结尾的引号；保留了 {href!r}",
    ),
    "import_not_firefox": (
        "not a Firefox bookmark backup (no bookmark tree at the top)",
        "不是 Firefox 书签备份（顶层没有书签树）",
    ),
    "import_not_chrome": ('not a Chrome Bookmarks file (no "roots")', '不是 Chrome 书签文件（没有 "roots"）'),
    "import_not_safari": (
        "not a Safari Bookmarks.plist (no bookmark tree at the top)",
        "不是 Safari 的 Bookmarks.plist（顶层没有书签树）",
    ),
    "import_digest_bad_date": ("invalid date {date}; imported without a date", "日期 {date} 无效；导入时不带日期"),
    "import_digest_entry_empty": (
        "entry '{category} {source}' has no summary or verdict; skipped",
        "条目 '{category} {source}' 没有摘要和收录理由；已跳过",
    ),
    "import_digest_no_verdict": (
        "entry has no verdict paragraph; imported without one",
        "条目没有收录理由段落；导入时不带收录理由",
    ),
    "import_digest_preamble": ("text before the first entry header; skipped", "第一个条目标题之前的文字；已跳过"),
    "import_collection_first": (
        "the first paragraph should name the collection; using it anyway",
        "第一段应当是收藏集的名称；仍按名称使用",
    ),
    "import_stamp_orphan": ("stamp '{stamp}' follows no entry; skipped", "时间标记 '{stamp}' 前面没有条目；已跳过"),
    "import_stamps_none": (
        "no entries found: no paragraph ends with a saved-time stamp",
        "没有找到条目：没有哪一段以收藏时间标记结尾",
    ),
    "import_stamp_missing": (
        "entry has no saved-time stamp; imported with the import time",
        "条目没有收藏时间标记；以导入时间导入",
    ),
    "import_not_readlog_array": (
        "expected a JSON array of readlog records; nothing imported",
        "应当是由 readlog 记录组成的 JSON 数组；什么都没有导入",
    ),
    "import_not_json_object": (
        "expected a JSON object, found {kind}; skipped",
        "应当是 JSON 对象，实际是 {kind}；已跳过",
    ),
    "import_empty_line": (
        "the line has no title, url, summary or note; skipped",
        "这一行没有标题、网址、摘要或笔记；已跳过",
    ),
    "import_empty_record": (
        "the record has no title, url, summary or note; skipped",
        "这条记录没有标题、网址、摘要或笔记；已跳过",
    ),
    "import_empty_row": (
        "the row has no title, url, summary or note; skipped",
        "这一行记录没有标题、网址、摘要或笔记；已跳过",
    ),
    "import_field_not_text": (
        '"{name}" should be text, not {kind}; skipped',
        '"{name}" 应当是文字，不能是 {kind}；已跳过',
    ),
    "import_field_not_count": (
        '"{name}" should be a whole number or null, not {kind}; skipped',
        '"{name}" 应当是整数或 null，不能是 {kind}；已跳过',
    ),
    "import_field_not_date": (
        '"published" should be a date such as "2026-11-30" or null, not {kind}; skipped',
        '"published" 应当是 "2026-11-30" 这样的日期或 null，不能是 {kind}；已跳过',
    ),
    "import_field_not_tags": ('"tags" should be a list of text; skipped', '"tags" 应当是由文字组成的列表；已跳过'),
    "import_field_not_feed_items": (
        '"{name}" should be a list of objects, each with "{feed}" and "{guid}" text; skipped',
        '"{name}" 应当是对象列表，每个对象都有文字 "{feed}" 和 "{guid}"；已跳过',
    ),
    "import_field_not_id": (
        '"id" should be a positive whole number, not {value}; skipped',
        '"id" 应当是正整数，不能是 {value}；已跳过',
    ),
    "import_field_not_time": (
        '"{name}" should be an ISO 8601 time or null, not {kind}; skipped',
        '"{name}" 应当是 ISO 8601 时间或 null，不能是 {kind}；已跳过',
    ),
    "import_field_time_unreadable": (
        '"{name}": cannot read {value!r} as an ISO 8601 time; skipped',
        '"{name}"：无法把 {value!r} 当作 ISO 8601 时间；已跳过',
    ),
    "import_field_time_out_of_range": (
        '"{name}": {value!r} is out of range; skipped',
        '"{name}"：{value!r} 超出范围；已跳过',
    ),
    "import_field_unreadable": ("{detail}; skipped", "{detail}；已跳过"),
    "import_kind_bool": ("true/false", "布尔值"),
    "import_kind_number": ("a number", "数字"),
    "import_kind_list": ("a list", "列表"),
    "import_kind_object": ("an object", "对象"),
    # ---- reading a file: damage an unpacking layer found (inputs/unpack.py), inside input_unreadable_past
    "input_damaged": ("damaged {what}: {detail}", "{what}已损坏：{detail}"),
    "input_gzip_data": ("gzip data", "gzip 数据"),
    "input_archive_member": ("archive member", "压缩包成员"),
    "import_more_problems": ("{name}: ... and {n:,} more problems", "{name}：……另有 {n:,} 个问题"),
    # ---- --help in Chinese: what typer and click say around the help texts (cli/helptext.py)
    "help_usage": ("Usage:", "用法："),
    "help_options_metavar": ("[OPTIONS]", "[选项]"),
    "help_command_metavar": ("COMMAND [ARGS]...", "命令 [参数]..."),
    "help_panel_arguments": ("Arguments", "参数"),
    "help_panel_options": ("Options", "选项"),
    "help_panel_commands": ("Commands", "命令"),
    "help_default": ("[default: {value}]", "[默认：{value}]"),
    "help_required": ("[required]", "[必填]"),
    "help_env_var": ("[env var: {name}]", "[环境变量：{name}]"),
    "help_help_option": ("Show this message and exit.", "显示此帮助并退出。"),
    # ---- --help in Chinese: each English text is the declaration's own (its command's docstring or
    # its option's help=), matched by that text; a test checks that every one has its key here
    "help_cmd_root": (
        (
            "A private, local, fast reading tracker for the terminal.\n"
            "\n"
            "Import digests and read-later exports, then triage them with list, show,\n"
            "star, read and search. Run with no command for an overview of your library.\n"
            "--db and --lang may also follow the command (readlog list --db x.db).\n"
            "Piped or redirected, tables print whole tab-separated lines\n"
            "(READLOG_FORCE_TTY=1 keeps the terminal's layout).\n"
            "Exit status: 0 ok, 1 something was not done, 2 usage error, 141 the\n"
            "reader of the output went away (| head), as git and gh.\n"
            "\n"
            "\x08\n"
            "Examples:\n"
            "  readlog import digest.txt saved.txt\n"
            "  readlog list --unread\n"
            "  readlog --db ~/reading.db search 内核"
        ),
        (
            "在终端里用的私人、本地、快速的阅读记录工具。\n"
            "\n"
            "导入摘要和稍后读的导出文件，再用 list、show、star、read 和 search 整理。"
            "不带命令运行时显示书库概况。--db 和 --lang 也可以写在命令后面（readlog list --db x.db）。"
            "输出到管道或重定向时，表格打印完整的、以制表符分隔的行（READLOG_FORCE_TTY=1 保持终端的排版）。"
            "退出状态：0 成功，1 有事没做成，2 用法错误，141 输出的读取方已离开（| head），与 git 和 gh "
            "相同。\n"
            "\n"
            "\x08\n"
            "示例：\n"
            "  readlog import digest.txt saved.txt\n"
            "  readlog list --unread\n"
            "  readlog --db ~/reading.db search 内核"
        ),
    ),
    "help_root_db": (
        "Library file (else $READLOG_DB, else the user data dir).",
        "书库文件（否则用 $READLOG_DB，再否则用用户数据目录）。",
    ),
    "help_root_lang": (
        "Language for labels and times: en or zh.",
        "标签和时间的语言：en 或 zh。",
    ),
    "help_root_version": (
        "Show the version.",
        "显示版本。",
    ),
    "help_root_install_completion": (
        "Install completion for the current shell (bash, zsh, fish).",
        "为当前 shell 安装补全（bash、zsh、fish）。",
    ),
    "help_root_show_completion": (
        "Show the completion script for the current shell (readlog completion SHELL names one).",
        "显示当前 shell 的补全脚本（readlog completion SHELL 可指定 shell）。",
    ),
    "help_cmd_import": (
        (
            "Import entries from export files; re-importing never duplicates.\n"
            "\n"
            "Each file is one transaction; the whole command is one action, which\n"
            "readlog undo takes back whole. Problems are reported with line numbers and\n"
            "the rest of the file still imports (exit status 1 so scripts notice).\n"
            "\n"
            "\x08\n"
            "Examples:\n"
            "  readlog import digest.txt\n"
            "  readlog import saved.txt --as-of 2026-12-01\n"
            "  cat export.txt | readlog import - --format bookmarks\n"
            "  readlog import bookmarks.html pocket.csv metadata_0_to_20.json\n"
            "  readlog import ~/exports/ pocket-export.zip\n"
            "  curl -s https://blog.rust-lang.org/feed.xml | readlog import -"
        ),
        (
            "从导出文件导入条目；重复导入不会产生重复条目。\n"
            "\n"
            "每个文件是一个事务；整条命令是一个操作，readlog undo 会把它整个撤销。"
            "问题会连同行号报告，文件的其余部分照常导入（退出状态为 1，让脚本察觉）。\n"
            "\n"
            "\x08\n"
            "示例：\n"
            "  readlog import digest.txt\n"
            "  readlog import saved.txt --as-of 2026-12-01\n"
            "  cat export.txt | readlog import - --format bookmarks\n"
            "  readlog import bookmarks.html pocket.csv metadata_0_to_20.json\n"
            "  readlog import ~/exports/ pocket-export.zip\n"
            "  curl -s https://blog.rust-lang.org/feed.xml | readlog import -"
        ),
    ),
    "help_import_paths": (
        "Export files, directories or zip archives of them, to import; - reads standard input.",
        "要导入的导出文件、目录或其 zip 压缩包；- 表示读取标准输入。",
    ),
    "help_import_fmt": (
        (
            "Input format, detected from the content by default: digest, bookmarks, jsonl, readlog-csv, "
            "netscape, pocket, instapaper, readwise, raindrop, omnivore, wallabag, firefox, chrome, "
            "safari, feed, xml, shortcut, urls, links."
        ),
        (
            "输入格式，默认根据内容识别：digest、bookmarks、jsonl、readlog-csv、netscape、pocket、"
            "instapaper、readwise、raindrop、omnivore、wallabag、firefox、chrome、safari、feed、xml、shortcut、"
            "urls、links。"
        ),
    ),
    "help_import_as_of": (
        (
            "When the export was made, for stamps like 收藏16 天前 (default: when the file was last "
            "modified; now for standard input)."
        ),
        "导出的时间，用于“收藏16 天前”这类时间（默认：文件最后修改的时间；标准输入则为现在）。",
    ),
    "help_import_encoding": (
        "Text encoding, e.g. gb18030 (default: UTF-8/16 by BOM).",
        "文本编码，例如 gb18030（默认：按 BOM 判断 UTF-8/16）。",
    ),
    "help_import_strict": (
        "Import a file only if it has no problems at all.",
        "只有文件完全没有问题时才导入。",
    ),
    "help_import_as_json": (
        "Print the results as JSON.",
        "以 JSON 打印结果。",
    ),
    "help_cmd_add": (
        (
            "Save links: the page's title, description, site and date are read at once.\n"
            "\n"
            "A link already in the library (the same address once normalised) is\n"
            "reported with its id and changed only as the options say (--star, --tag,\n"
            "...). When the page cannot be read the link is saved anyway, with its\n"
            "host as the source, and readlog says why: offline, a timeout or a busy\n"
            "server (readlog fetch fills it in later), or a page that is gone, a PDF\n"
            "or an image (saved with the link only). readlog fetch downloads the\n"
            "article text. Only http and https links are taken.\n"
            "\n"
            "\x08\n"
            "Examples:\n"
            "  readlog add https://example.com/post\n"
            "  readlog add https://example.com/post --tag rust --star\n"
            "  readlog add https://a.example/x https://b.example/y --no-fetch\n"
            "  pbpaste | readlog add -"
        ),
        (
            "收藏链接：立即读取网页的标题、简介、网站和日期。\n"
            "\n"
            "书库中已有的链接（规范化后地址相同）会报告其编号，只按选项修改（--star、--tag 等）。"
            "网页无法读取时链接照样收藏，以主机名作来源，并说明原因：离线、超时或服务器繁忙（之后可用 "
            "readlog fetch 补全），或网页已不存在、是 PDF 或图片（只保存链接）。readlog fetch 会下载正文。"
            "只接受 http 和 https 链接。\n"
            "\n"
            "\x08\n"
            "示例：\n"
            "  readlog add https://example.com/post\n"
            "  readlog add https://example.com/post --tag rust --star\n"
            "  readlog add https://a.example/x https://b.example/y --no-fetch\n"
            "  pbpaste | readlog add -"
        ),
    ),
    "help_add_urls": (
        "Links to save; - reads them from standard input.",
        "要收藏的链接；- 表示从标准输入读取。",
    ),
    "help_add_title": (
        "The title (else the page's own).",
        "标题（否则用网页自己的）。",
    ),
    "help_add_tags": (
        "A tag (repeat for several).",
        "一个标签（可重复以添加多个）。",
    ),
    "help_add_note": (
        "A note.",
        "一条笔记。",
    ),
    "help_add_star": (
        "Star it.",
        "加星。",
    ),
    "help_add_read": (
        "Mark it read.",
        "标为已读。",
    ),
    "help_add_source": (
        "The source (else the site's name, or its host).",
        "来源（否则用网站名或主机名）。",
    ),
    "help_add_category": (
        "A category.",
        "一个分类。",
    ),
    "help_add_no_fetch": (
        "Save at once without reading the page.",
        "立即保存，不读取网页。",
    ),
    "help_add_as_json": (
        "Print what was done as JSON.",
        "以 JSON 打印做了什么。",
    ),
    "help_cmd_fetch": (
        (
            "Download entries' pages and keep their article text, length and language.\n"
            "\n"
            "Without ids or filters: every entry with a link that was never fetched,\n"
            "and those whose last try failed (a page that answered with an error, or\n"
            "a dead link, at most once a day; one named by its id at once).\n"
            "--refetch fetches the chosen entries again, pages read well included.\n"
            "Ctrl-C stops at once and keeps every page already fetched. Exit status\n"
            "1 when a page could not be fetched (each is listed, dead links as such:\n"
            "see readlog list --dead).\n"
            "\n"
            "\x08\n"
            "Examples:\n"
            "  readlog fetch\n"
            "  readlog fetch 12 15-18\n"
            '  readlog fetch --source "Go Blog" --refetch\n'
            "  readlog fetch --dead --refetch --jobs 8"
        ),
        (
            "下载条目的网页，保存正文、长度和语言。\n"
            "\n"
            "不给编号或筛选条件时：所有从未抓取过的带链接条目，"
            "以及上次抓取失败的条目（返回错误的网页或失效链接每天最多重试一次；用编号指定的立即重试）。"
            "--refetch 重新抓取选中的条目，包括已经读取成功的网页。Ctrl-C 立即停止，已抓取的网页都会保留。"
            "有网页无法抓取时退出状态为 1（逐一列出，失效链接会标明：见 readlog list --dead）。\n"
            "\n"
            "\x08\n"
            "示例：\n"
            "  readlog fetch\n"
            "  readlog fetch 12 15-18\n"
            '  readlog fetch --source "Go Blog" --refetch\n'
            "  readlog fetch --dead --refetch --jobs 8"
        ),
    ),
    "help_fetch_ids": (
        "Entry ids and ranges (or use filters).",
        "条目编号和范围（或使用筛选条件）。",
    ),
    "help_opt_unread": (
        "Only unread entries.",
        "只要未读的条目。",
    ),
    "help_opt_read": (
        "Only read entries.",
        "只要已读的条目。",
    ),
    "help_opt_starred": (
        "Only starred entries.",
        "只要加星的条目。",
    ),
    "help_opt_source": (
        "Only this source (case-insensitive).",
        "只要这个来源的条目（不区分大小写）。",
    ),
    "help_opt_category": (
        "Only this category.",
        "只要这个分类的条目。",
    ),
    "help_opt_since": (
        "Saved since: 2026-11-01, 7d, 2w, 3mo.",
        "在此之后收藏：2026-11-01、7d、2w、3mo。",
    ),
    "help_opt_before": (
        "Saved before: 2026-01-01, 30d.",
        "在此之前收藏：2026-01-01、30d。",
    ),
    "help_opt_tag": (
        "Only entries with this tag (repeat for all of several).",
        "只要带这个标签的条目（可重复，须全部带有）。",
    ),
    "help_opt_archived": (
        "Only archived entries (without it they are left out; export takes all).",
        "只要已归档的条目（不加时不含归档条目；export 包含全部）。",
    ),
    "help_opt_search": (
        "Only entries matching QUERY (words as readlog search takes them).",
        "只要匹配 QUERY 的条目（词语写法同 readlog search）。",
    ),
    "help_opt_dead": (
        "Only links found dead (readlog fetch found them gone).",
        "只要失效的链接（readlog fetch 发现已不存在）。",
    ),
    "help_opt_min_time": (
        "Only articles taking at least this long to read.",
        "只要阅读时间至少这么长的文章。",
    ),
    "help_opt_max_time": (
        "Only articles read in at most this many minutes.",
        "只要最多这么多分钟读完的文章。",
    ),
    "help_fetch_refetch": (
        "Fetch again, even pages fetched already.",
        "重新抓取，包括已经抓取过的网页。",
    ),
    "help_fetch_jobs": (
        "Pages downloaded at once (one at a time per site).",
        "同时下载的网页数（每个网站一次一个）。",
    ),
    "help_cmd_export": (
        (
            "Export entries: every field and state, to stdout or a file.\n"
            "\n"
            "Takes the same filters as list, but includes archived entries unless\n"
            "--archived asks for only those. jsonl, json and csv keep everything,\n"
            "and `readlog import` reads them back (ids, times, states, tags and notes\n"
            "included); csv is UTF-8 with a BOM for spreadsheets. markdown is a\n"
            "reading list grouped by source; html is a Netscape bookmark file for\n"
            "browsers and read-later apps (entries without a web or mailto link are\n"
            "left out and counted on stderr).\n"
            "\n"
            "\x08\n"
            "Examples:\n"
            "  readlog export -o backup.jsonl\n"
            "  readlog export --format csv --starred > starred.csv\n"
            "  readlog export --unread --since 2w -o to-read.md\n"
            "  readlog export -f html -o bookmarks.html"
        ),
        (
            "导出条目：所有字段和状态，写到标准输出或文件。\n"
            "\n"
            "筛选条件与 list 相同，但包含已归档的条目，除非用 --archived 只要它们。jsonl、json 和 csv "
            "保留全部内容，`readlog import` 可以读回（包括编号、时间、状态、标签和笔记）；csv 为带 BOM 的 "
            "UTF-8，方便电子表格。markdown 是按来源分组的阅读清单；html 是 Netscape 书签文件，"
            "供浏览器和稍后读应用使用（没有网页或邮件链接的条目不导出，数量在标准错误输出中说明）。\n"
            "\n"
            "\x08\n"
            "示例：\n"
            "  readlog export -o backup.jsonl\n"
            "  readlog export --format csv --starred > starred.csv\n"
            "  readlog export --unread --since 2w -o to-read.md\n"
            "  readlog export -f html -o bookmarks.html"
        ),
    ),
    "help_export_fmt": (
        (
            "jsonl (lossless, the default), json, csv (both lossless too), markdown or html (Netscape "
            "bookmarks). Without it, -o FILE's extension decides."
        ),
        (
            "jsonl（无损，默认）、json、csv（同样无损）、markdown 或 html（Netscape 书签）。不指定时由 -o "
            "FILE 的扩展名决定。"
        ),
    ),
    "help_export_output": (
        "Write to FILE (replaced whole at the end); default: stdout.",
        "写入 FILE（最后整体替换）；默认：标准输出。",
    ),
    "help_cmd_list": (
        (
            "List entries, newest saved first.\n"
            "\n"
            "\x08\n"
            "Examples:\n"
            "  readlog list --unread\n"
            '  readlog list --starred --source "Go Blog"\n'
            "  readlog list --since 2w --sort published --json\n"
            "  readlog list --limit 0 --json id,title,url\n"
            "  readlog list --unread --max-time 10\n"
            "  readlog list --dead"
        ),
        (
            "列出条目，最新收藏的在前。\n"
            "\n"
            "\x08\n"
            "示例：\n"
            "  readlog list --unread\n"
            '  readlog list --starred --source "Go Blog"\n'
            "  readlog list --since 2w --sort published --json\n"
            "  readlog list --limit 0 --json id,title,url\n"
            "  readlog list --unread --max-time 10\n"
            "  readlog list --dead"
        ),
    ),
    "help_list_sort": (
        "saved, published, title, source, read, id (search: relevance).",
        "排序方式：saved、published、title、source、read、id（search 默认为 relevance）。",
    ),
    "help_list_reverse": (
        "Reverse the order.",
        "倒序。",
    ),
    "help_list_limit": (
        "How many to show; 0 means all (default: one screen on a terminal; all into a pipe or with --json).",
        "显示多少条；0 表示全部（默认：终端上一屏；输出到管道或用 --json 时全部）。",
    ),
    "help_list_as_json": (
        "Print JSON instead of a table; --json id,title,url prints only those fields.",
        "打印 JSON 而不是表格；--json id,title,url 只打印这些字段。",
    ),
    "help_cmd_search": (
        (
            "Search titles, sources, categories, summaries, verdicts, notes, tags and fetched article "
            "text.\n"
            "\n"
            "Any two or more consecutive characters match, in Chinese or English,\n"
            "case-insensitively. Results: title hits first, then verdict, note, tag,\n"
            "source and category hits, then the rest (summaries and article text);\n"
            "newest saved first within each. In --json, the `snippet`\n"
            "marks each hit with `**`. A word right after --json is taken as its\n"
            "FIELDS only when it has a comma or names a field (--json title).\n"
            "\n"
            "\x08\n"
            "Examples:\n"
            "  readlog search 内核调度\n"
            "  readlog search '\"type checker\" -rust'\n"
            "  readlog search 内核 -调度 --limit 5\n"
            "  readlog search SQLite OR DuckDB --unread --json"
        ),
        (
            "搜索标题、来源、分类、摘要、评语、笔记、标签和已抓取的正文。\n"
            "\n"
            "任意两个及以上连续字符即可匹配，中英文皆可，不区分大小写。结果：先是标题命中，再是评语、笔记、"
            "标签、来源和分类命中，然后是其余（摘要和正文）；每组内最新收藏的在前。在 --json 中，`snippet` "
            "用 `**` 标出每处命中。紧跟 --json 的词只有含逗号或是字段名时（--json title）才作为其 FIELDS。"
            "\n"
            "\n"
            "\x08\n"
            "示例：\n"
            "  readlog search 内核调度\n"
            "  readlog search '\"type checker\" -rust'\n"
            "  readlog search 内核 -调度 --limit 5\n"
            "  readlog search SQLite OR DuckDB --unread --json"
        ),
    ),
    "help_search_words": (
        'Words (all must match), "a phrase", -exclude, a OR b.',
        '词语（须全部匹配）、"短语"、-排除、a OR b。',
    ),
    "help_search_rebuild": (
        "Rebuild the search index, then search (if QUERY given).",
        "重建搜索索引，然后搜索（如果给了 QUERY）。",
    ),
    "help_cmd_triage": (
        (
            "Go through entries one key at a time: star, read, archive, tag, note, open, undo.\n"
            "\n"
            "Opens a full-screen list of the entries the filters select (the same\n"
            "filters, columns and order as list) beside the selected entry's detail:\n"
            "the unread ones unless --all, --read, --starred or --archived says\n"
            "otherwise. Keys: j/k move, Enter opens, s star, r read, a archive (each\n"
            "then moves to the next entry; triage_advance = false in the config file\n"
            "stays), t tags, n note, o open the link, / search, f cycles\n"
            "unread/starred/all, u undo, ? help, q quit. Every change is saved at\n"
            "once, as its own action in history. Needs a terminal; exit status 0 when\n"
            "the reader quits (q), 130 after Ctrl-C.\n"
            "\n"
            "\x08\n"
            "Examples:\n"
            "  readlog triage\n"
            '  readlog triage --all --source "Go Blog" --since 2w\n'
            "  readlog --lang zh triage --starred --tag rust"
        ),
        (
            "逐键处理条目：加星、已读、归档、标签、笔记、打开、撤销。\n"
            "\n"
            "打开全屏列表，显示筛选条件选出的条目（筛选条件、列和顺序与 list 相同），旁边是选中条目的详情："
            "默认是未读条目，除非用 --all、--read、--starred 或 --archived 另行指定。按键：j/k 移动，Enter "
            "打开，s 加星，r 已读，a 归档（之后都移到下一条；配置文件中 triage_advance = false 则停留），t "
            "标签，n 笔记，o 打开链接，/ 搜索，f 在未读/加星/全部之间切换，u 撤销，? 帮助，q 退出。"
            "每次修改立即保存，在历史中各是一个操作。需要终端；读者按 q 退出时退出状态为 0，按 Ctrl-C 时为 130。\n"
            "\n"
            "\x08\n"
            "示例：\n"
            "  readlog triage\n"
            '  readlog triage --all --source "Go Blog" --since 2w\n'
            "  readlog --lang zh triage --starred --tag rust"
        ),
    ),
    "help_triage_everything": (
        "Read and unread entries alike (the default is the unread ones).",
        "已读和未读的条目都要（默认只要未读的）。",
    ),
    "help_cmd_show": (
        (
            "Show one entry: summary, verdict, links, reading time; --full reads the article.\n"
            "\n"
            "Showing does not change the entry unless you pass --mark-read (or set\n"
            "mark_read_on_show = true in the config file; --no-mark-read overrides it).\n"
            "With --full the article fetched by readlog fetch follows, wrapped to the\n"
            "terminal and shown in $PAGER when it is longer than the screen.\n"
            "\n"
            "\x08\n"
            "Examples:\n"
            "  readlog show 12\n"
            "  readlog show 12 --full\n"
            "  readlog show 12 --mark-read\n"
            "  readlog show 12 --json"
        ),
        (
            "显示一个条目：摘要、评语、链接、阅读时间；--full 显示正文。\n"
            "\n"
            "显示不会修改条目，除非加 --mark-read（或在配置文件中设 mark_read_on_show = true；"
            "--no-mark-read 可覆盖它）。加 --full 时接着显示 readlog fetch 抓取的正文，按终端宽度换行，"
            "比屏幕长时用 $PAGER 显示。\n"
            "\n"
            "\x08\n"
            "示例：\n"
            "  readlog show 12\n"
            "  readlog show 12 --full\n"
            "  readlog show 12 --mark-read\n"
            "  readlog show 12 --json"
        ),
    ),
    "help_show_entry_id": (
        "The entry's id (from list).",
        "条目的编号（见 list）。",
    ),
    "help_show_mark_read": (
        "Also mark it read (default: the config's mark_read_on_show).",
        "同时标为已读（默认：配置中的 mark_read_on_show）。",
    ),
    "help_show_full": (
        "Also the article's text (after readlog fetch), paged.",
        "同时显示正文（readlog fetch 之后），分页显示。",
    ),
    "help_json_table": (
        "Print JSON instead of a table.",
        "打印 JSON 而不是表格。",
    ),
    "help_cmd_star": (
        (
            "Star entries.\n"
            "\n"
            "By ids: unknown ids are reported and nothing is changed. By filters:\n"
            "readlog shows how many entries will change and asks first; --yes skips\n"
            "the question, and without a terminal --yes is required.\n"
            "\n"
            "\x08\n"
            "Examples:\n"
            "  readlog star 12\n"
            "  readlog star 3 5 8-12\n"
            '  readlog star --source "Go Blog" --before 2026-01-01'
        ),
        (
            "给条目加星。\n"
            "\n"
            "按编号：未知的编号会被报告，什么都不修改。按筛选条件：readlog 先显示将修改多少条目并询问；"
            "--yes 跳过询问，没有终端时必须加 --yes。\n"
            "\n"
            "\x08\n"
            "示例：\n"
            "  readlog star 12\n"
            "  readlog star 3 5 8-12\n"
            '  readlog star --source "Go Blog" --before 2026-01-01'
        ),
    ),
    "help_opt_ids": (
        "Entry ids and ranges, e.g. 3 5 8-12 (or use filters).",
        "条目编号和范围，例如 3 5 8-12（或使用筛选条件）。",
    ),
    "help_opt_yes": (
        "Change the entries the filters match without asking.",
        "不询问，直接修改筛选条件匹配的条目。",
    ),
    "help_json_changed": (
        "Print the changed entries as JSON.",
        "以 JSON 打印修改了的条目。",
    ),
    "help_cmd_unstar": (
        (
            "Remove the star from entries.\n"
            "\n"
            "By ids: unknown ids are reported and nothing is changed. By filters:\n"
            "readlog shows how many entries will change and asks first; --yes skips\n"
            "the question, and without a terminal --yes is required.\n"
            "\n"
            "\x08\n"
            "Examples:\n"
            "  readlog unstar 12\n"
            "  readlog unstar 3 5 8-12\n"
            '  readlog unstar --source "Go Blog" --before 2026-01-01'
        ),
        (
            "去掉条目的星标。\n"
            "\n"
            "按编号：未知的编号会被报告，什么都不修改。按筛选条件：readlog 先显示将修改多少条目并询问；"
            "--yes 跳过询问，没有终端时必须加 --yes。\n"
            "\n"
            "\x08\n"
            "示例：\n"
            "  readlog unstar 12\n"
            "  readlog unstar 3 5 8-12\n"
            '  readlog unstar --source "Go Blog" --before 2026-01-01'
        ),
    ),
    "help_cmd_read": (
        (
            "Mark entries read.\n"
            "\n"
            "By ids: unknown ids are reported and nothing is changed. By filters:\n"
            "readlog shows how many entries will change and asks first; --yes skips\n"
            "the question, and without a terminal --yes is required.\n"
            "\n"
            "\x08\n"
            "Examples:\n"
            "  readlog read 12\n"
            "  readlog read 3 5 8-12\n"
            '  readlog read --source "Go Blog" --before 2026-01-01'
        ),
        (
            "把条目标为已读。\n"
            "\n"
            "按编号：未知的编号会被报告，什么都不修改。按筛选条件：readlog 先显示将修改多少条目并询问；"
            "--yes 跳过询问，没有终端时必须加 --yes。\n"
            "\n"
            "\x08\n"
            "示例：\n"
            "  readlog read 12\n"
            "  readlog read 3 5 8-12\n"
            '  readlog read --source "Go Blog" --before 2026-01-01'
        ),
    ),
    "help_cmd_unread": (
        (
            "Mark entries unread.\n"
            "\n"
            "By ids: unknown ids are reported and nothing is changed. By filters:\n"
            "readlog shows how many entries will change and asks first; --yes skips\n"
            "the question, and without a terminal --yes is required.\n"
            "\n"
            "\x08\n"
            "Examples:\n"
            "  readlog unread 12\n"
            "  readlog unread 3 5 8-12\n"
            '  readlog unread --source "Go Blog" --before 2026-01-01'
        ),
        (
            "把条目标为未读。\n"
            "\n"
            "按编号：未知的编号会被报告，什么都不修改。按筛选条件：readlog 先显示将修改多少条目并询问；"
            "--yes 跳过询问，没有终端时必须加 --yes。\n"
            "\n"
            "\x08\n"
            "示例：\n"
            "  readlog unread 12\n"
            "  readlog unread 3 5 8-12\n"
            '  readlog unread --source "Go Blog" --before 2026-01-01'
        ),
    ),
    "help_cmd_archive": (
        (
            "Archive entries: they leave the default list and keep their state.\n"
            "\n"
            "By ids: unknown ids are reported and nothing is changed. By filters:\n"
            "readlog shows how many entries will change and asks first; --yes skips\n"
            "the question, and without a terminal --yes is required.\n"
            "\n"
            "\x08\n"
            "Examples:\n"
            "  readlog archive 12\n"
            "  readlog archive 3 5 8-12\n"
            '  readlog archive --source "Go Blog" --before 2026-01-01'
        ),
        (
            "归档条目：它们不再出现在默认列表中，状态保持不变。\n"
            "\n"
            "按编号：未知的编号会被报告，什么都不修改。按筛选条件：readlog 先显示将修改多少条目并询问；"
            "--yes 跳过询问，没有终端时必须加 --yes。\n"
            "\n"
            "\x08\n"
            "示例：\n"
            "  readlog archive 12\n"
            "  readlog archive 3 5 8-12\n"
            '  readlog archive --source "Go Blog" --before 2026-01-01'
        ),
    ),
    "help_cmd_unarchive": (
        (
            "Bring archived entries back to the default list.\n"
            "\n"
            "By ids: unknown ids are reported and nothing is changed. By filters:\n"
            "readlog shows how many entries will change and asks first; --yes skips\n"
            "the question, and without a terminal --yes is required.\n"
            "\n"
            "\x08\n"
            "Examples:\n"
            "  readlog unarchive 12\n"
            "  readlog unarchive 3 5 8-12\n"
            '  readlog unarchive --source "Go Blog" --before 2026-01-01'
        ),
        (
            "把已归档的条目放回默认列表。\n"
            "\n"
            "按编号：未知的编号会被报告，什么都不修改。按筛选条件：readlog 先显示将修改多少条目并询问；"
            "--yes 跳过询问，没有终端时必须加 --yes。\n"
            "\n"
            "\x08\n"
            "示例：\n"
            "  readlog unarchive 12\n"
            "  readlog unarchive 3 5 8-12\n"
            '  readlog unarchive --source "Go Blog" --before 2026-01-01'
        ),
    ),
    "help_cmd_tag": (
        (
            "Add (+TAG) and remove (-TAG) tags, on ids or on every entry the filters match.\n"
            "\n"
            "Tags are compared without regard to case; an entry keeps the spelling\n"
            "it already has. With filters, readlog shows how many entries will\n"
            "change and asks first (--yes skips the question; without a terminal,\n"
            "--yes is required). Tags may be in any language: +数据库.\n"
            "\n"
            "\x08\n"
            "Examples:\n"
            "  readlog tag 12 +rust +compilers\n"
            "  readlog tag 3 5 8-12 -go\n"
            '  readlog tag --source "Go Blog" +go --yes\n'
            "  readlog list --tag rust"
        ),
        (
            "添加（+TAG）和去掉（-TAG）标签，作用于编号或筛选条件匹配的每个条目。\n"
            "\n"
            "比较标签时不区分大小写；条目保留它已有的写法。使用筛选条件时，readlog "
            "先显示将修改多少条目并询问（--yes 跳过询问；没有终端时必须加 --yes）。标签可以是任何语言："
            "+数据库。\n"
            "\n"
            "\x08\n"
            "示例：\n"
            "  readlog tag 12 +rust +compilers\n"
            "  readlog tag 3 5 8-12 -go\n"
            '  readlog tag --source "Go Blog" +go --yes\n'
            "  readlog list --tag rust"
        ),
    ),
    "help_tag_items": (
        "Ids, tags to change.",
        "编号，要修改的标签。",
    ),
    "help_cmd_tags": (
        (
            "List the tags in use, with how many entries carry each and how many are unread.\n"
            "\n"
            "\x08\n"
            "Examples:\n"
            "  readlog tags\n"
            "  readlog tags --json"
        ),
        ("列出在用的标签，以及各有多少条目、多少未读。\n\n\x08\n示例：\n  readlog tags\n  readlog tags --json"),
    ),
    "help_json_plain": (
        "Print JSON.",
        "打印 JSON。",
    ),
    "help_cmd_note": (
        (
            "Write, replace or remove an entry's note (shown by show, found by search).\n"
            "\n"
            "Without TEXT the note opens in $VISUAL or $EDITOR. An empty note\n"
            "(an empty TEXT, an emptied editor, or quitting without saving) keeps\n"
            "the old one: only --clear removes it.\n"
            "\n"
            "\x08\n"
            "Examples:\n"
            '  readlog note 12 "Read the benchmarks section again"\n'
            "  readlog note 12\n"
            "  pbpaste | readlog note 12 -\n"
            "  readlog note 12 --clear"
        ),
        (
            "写入、替换或删除条目的笔记（show 会显示，search 能搜到）。\n"
            "\n"
            "不给 TEXT 时在 $VISUAL 或 $EDITOR 中打开笔记。空笔记（空的 TEXT、清空后保存，或不保存就退出）"
            "会保留原来的笔记：只有 --clear 才删除笔记。\n"
            "\n"
            "\x08\n"
            "示例：\n"
            '  readlog note 12 "Read the benchmarks section again"\n'
            "  readlog note 12\n"
            "  pbpaste | readlog note 12 -\n"
            "  readlog note 12 --clear"
        ),
    ),
    "help_opt_entry_id": (
        "The entry's id.",
        "条目的编号。",
    ),
    "help_note_text": (
        "The note; - reads standard input.",
        "笔记内容；- 表示读取标准输入。",
    ),
    "help_note_clear": (
        "Remove the note.",
        "删除笔记。",
    ),
    "help_note_as_json": (
        "Print the entry as JSON afterwards.",
        "之后以 JSON 打印该条目。",
    ),
    "help_cmd_edit": (
        (
            "Correct an entry: set fields with options, or edit them all in $EDITOR.\n"
            "\n"
            "Without options the entry opens in $VISUAL or $EDITOR as a short,\n"
            "commented form; what you change is saved when you quit. A form that\n"
            "cannot be used opens again with the error at its top; empty it to\n"
            "cancel. Nothing changes then, and your text is kept in a file the\n"
            "message names. A link lets later imports of that link merge into the\n"
            "entry. readlog undo takes an edit back.\n"
            "\n"
            "\x08\n"
            "Examples:\n"
            '  readlog edit 12 --title "How the scheduler starves background tasks"\n'
            "  readlog edit 19 --url https://example.org/scheduler\n"
            "  readlog edit 19 --published 2026-11-02 --category 系统\n"
            "  readlog edit 19"
        ),
        (
            "修改条目：用选项设置字段，或在 $EDITOR 中编辑全部字段。\n"
            "\n"
            "不给选项时，条目以一份带注释的简短表单在 $VISUAL 或 $EDITOR 中打开；退出时保存你的修改。"
            "无法使用的表单会再次打开，错误写在顶部；清空表单即取消。此时什么都不会修改，"
            "你的文字保存在消息中给出的文件里。有了链接，以后导入同一链接时会合并到这个条目。readlog undo "
            "可以撤销一次编辑。\n"
            "\n"
            "\x08\n"
            "示例：\n"
            '  readlog edit 12 --title "How the scheduler starves background tasks"\n'
            "  readlog edit 19 --url https://example.org/scheduler\n"
            "  readlog edit 19 --published 2026-11-02 --category 系统\n"
            "  readlog edit 19"
        ),
    ),
    "help_edit_title": (
        "New title.",
        "新标题。",
    ),
    "help_edit_url": (
        'Its link (http or https); "" removes it.',
        '链接（http 或 https）；"" 表示删除。',
    ),
    "help_edit_source": (
        "Where it comes from.",
        "来源。",
    ),
    "help_edit_category": (
        'Its category; "" for none.',
        '分类；"" 表示没有。',
    ),
    "help_edit_published": (
        'The day it was published; "" when unknown.',
        '发布日期；"" 表示未知。',
    ),
    "help_edit_summary": (
        "New summary.",
        "新摘要。",
    ),
    "help_edit_verdict": (
        "New verdict.",
        "新评语。",
    ),
    "help_cmd_rm": (
        (
            "Move entries to the trash: they leave every list, search and count.\n"
            "\n"
            "readlog restore ID (or readlog undo) brings them back with all their\n"
            "state; readlog trash lists them. A re-import does not bring a trashed\n"
            "entry back. By filters, readlog shows what will go and asks first\n"
            "(--yes skips the question; without a terminal --yes is required).\n"
            "\n"
            "\x08\n"
            "Examples:\n"
            "  readlog rm 12\n"
            "  readlog rm 3 5 8-12\n"
            '  readlog rm --source "Old Blog" --before 2025-01-01\n'
            "  readlog rm --dead --yes"
        ),
        (
            "把条目移到回收站：它们不再出现在任何列表、搜索和计数中。\n"
            "\n"
            "readlog restore ID（或 readlog undo）可以连同全部状态恢复它们；readlog trash 列出它们。"
            "重新导入不会让回收站中的条目回来。使用筛选条件时，readlog 先显示将移走哪些条目并询问（--yes "
            "跳过询问；没有终端时必须加 --yes）。\n"
            "\n"
            "\x08\n"
            "示例：\n"
            "  readlog rm 12\n"
            "  readlog rm 3 5 8-12\n"
            '  readlog rm --source "Old Blog" --before 2025-01-01\n'
            "  readlog rm --dead --yes"
        ),
    ),
    "help_rm_yes": (
        "Move the entries the filters match without asking.",
        "不询问，直接移走筛选条件匹配的条目。",
    ),
    "help_rm_as_json": (
        "Print the entries moved to the trash as JSON.",
        "以 JSON 打印移到回收站的条目。",
    ),
    "help_cmd_trash": (
        (
            "List the entries in the trash, newest deleted first, or empty it.\n"
            "\n"
            "--empty deletes them for good, which cannot be undone: readlog shows\n"
            "what will go and asks first (--yes skips the question; without a\n"
            "terminal --yes is required). Their ids are never given out again.\n"
            "\n"
            "\x08\n"
            "Examples:\n"
            "  readlog trash\n"
            "  readlog trash --json\n"
            "  readlog trash --empty --older-than 30d\n"
            "  readlog restore 12"
        ),
        (
            "列出回收站中的条目（最新删除的在前），或清空回收站。\n"
            "\n"
            "--empty 永久删除它们，无法撤销：readlog 先显示将删除哪些条目并询问（--yes 跳过询问；"
            "没有终端时必须加 --yes）。它们的编号不会再分配。\n"
            "\n"
            "\x08\n"
            "示例：\n"
            "  readlog trash\n"
            "  readlog trash --json\n"
            "  readlog trash --empty --older-than 30d\n"
            "  readlog restore 12"
        ),
    ),
    "help_trash_empty": (
        "Delete the entries in the trash for good (asks first).",
        "永久删除回收站中的条目（会先询问）。",
    ),
    "help_trash_older_than": (
        "Only entries deleted before then: 30d, 2w, 2026-11-01.",
        "只要在此之前删除的条目：30d、2w、2026-11-01。",
    ),
    "help_trash_yes": (
        "With --empty: delete without asking.",
        "与 --empty 一起用：不询问直接删除。",
    ),
    "help_trash_limit": (
        "How many to list; 0 means all (default: one screen on a terminal; all into a pipe or with --json).",
        "列出多少条；0 表示全部（默认：终端上一屏；输出到管道或用 --json 时全部）。",
    ),
    "help_cmd_restore": (
        (
            "Bring entries back from the trash, with all their state.\n"
            "\n"
            "Read, star and archive marks, tags, the note and everything else come\n"
            "back under the same id. If any id is not in the trash, nothing changes.\n"
            "\n"
            "\x08\n"
            "Examples:\n"
            "  readlog restore 12\n"
            "  readlog restore 3 5 8-12\n"
            "  readlog trash"
        ),
        (
            "从回收站恢复条目，连同全部状态。\n"
            "\n"
            "已读、加星和归档标记、标签、笔记以及其他一切都以原编号恢复。只要有一个编号不在回收站中，"
            "就什么都不修改。\n"
            "\n"
            "\x08\n"
            "示例：\n"
            "  readlog restore 12\n"
            "  readlog restore 3 5 8-12\n"
            "  readlog trash"
        ),
    ),
    "help_restore_ids": (
        "Ids and ranges of entries in the trash.",
        "回收站中条目的编号和范围。",
    ),
    "help_restore_as_json": (
        "Print the restored entries as JSON.",
        "以 JSON 打印恢复的条目。",
    ),
    "help_cmd_undo": (
        (
            "Revert the last change: read/star/archive, tags, a note, or a whole import.\n"
            "\n"
            "Each undo takes back the newest action not yet undone (see readlog\n"
            "history), never one before it: when that action cannot be taken back\n"
            "(emptying the trash deletes for good), undo says why and changes\n"
            "nothing. ACTION takes back an older action by its number: undo shows\n"
            "what would change and asks first (--yes does not ask), and refuses\n"
            "when a later action has changed the same entries since. Undoing an\n"
            "import removes the entries the whole command added and restores the\n"
            "fields it filled in on entries you already had. An import that found\n"
            "everything already there is passed over. history marks what was undone;\n"
            "an undo cannot itself be undone: import the file again, or repeat the\n"
            "command.\n"
            "\n"
            "\x08\n"
            "Examples:\n"
            "  readlog undo\n"
            "  readlog undo --dry-run\n"
            "  readlog history\n"
            "  readlog undo 12"
        ),
        (
            "撤销上一次修改：已读/加星/归档、标签、笔记，或整次导入。\n"
            "\n"
            "每次撤销都撤回最新的、尚未撤销的操作（见 readlog history），绝不越过它去撤销更早的操作："
            "如果那个操作无法撤回（清空回收站是永久删除），undo 会说明原因，不做任何修改。"
            "给出 ACTION 可以按编号撤回更早的操作：undo 先显示会改变什么并询问（--yes 不询问）；"
            "如果之后的操作又修改过同样的条目，就拒绝撤销。撤销导入会删除整条命令添加的条目，"
            "并还原它在已有条目上补填的字段。发现所有条目都已在书库中的导入会被跳过。"
            "readlog history 会标出已撤销的操作；撤销本身不能撤销：请重新导入文件，或重复那条命令。\n"
            "\n"
            "\x08\n"
            "示例：\n"
            "  readlog undo\n"
            "  readlog undo --dry-run\n"
            "  readlog history\n"
            "  readlog undo 12"
        ),
    ),
    "help_undo_number": (
        "An older action to take back, by its number in readlog history.",
        "要撤回的更早的操作，用它在 readlog history 中的编号指定。",
    ),
    "help_undo_dry_run": (
        "Show what would be reverted; change nothing.",
        "显示会撤销什么，不做任何修改。",
    ),
    "help_undo_yes": (
        "With ACTION: take it back without asking.",
        "与 ACTION 一起使用：不询问，直接撤回。",
    ),
    "help_undo_as_json": (
        "Print what was reverted as JSON.",
        "以 JSON 打印撤销了什么。",
    ),
    "help_cmd_history": (
        (
            "List recent actions, newest first: imports, state changes, tags, notes, and which were "
            "undone.\n"
            "\n"
            "\x08\n"
            "Examples:\n"
            "  readlog history\n"
            "  readlog history --limit 0 --json"
        ),
        (
            "列出最近的操作，最新的在前：导入、状态修改、标签、笔记，以及哪些已撤销。\n"
            "\n"
            "\x08\n"
            "示例：\n"
            "  readlog history\n"
            "  readlog history --limit 0 --json"
        ),
    ),
    "help_history_limit": (
        "How many actions; 0 means all (default: 20 on a terminal; all into a pipe or with --json).",
        "显示多少个操作；0 表示全部（默认：终端上 20 个；输出到管道或用 --json 时全部）。",
    ),
    "help_cmd_open": (
        (
            "Open an entry's link in the web browser.\n"
            "\n"
            "Only http and https links are opened. Entries without a link (most\n"
            "digest entries) are reported, with exit status 1. readlog show ID\n"
            "numbers the links when an entry has more than its own (an image or an\n"
            "address in its summary); readlog open ID N opens the N-th.\n"
            "\n"
            "\x08\n"
            "Examples:\n"
            "  readlog open 12\n"
            "  readlog open 12 --mark-read\n"
            "  readlog open 12 --print\n"
            "  readlog open 12 2"
        ),
        (
            "在浏览器中打开条目的链接。\n"
            "\n"
            "只打开 http 和 https 链接。没有链接的条目（大多数摘要条目）会报告出来，退出状态为 1。"
            "条目除了自己的链接还有其他链接（图片或摘要中的地址）时，readlog show ID 会给链接编号；readlog "
            "open ID N 打开第 N 个。\n"
            "\n"
            "\x08\n"
            "示例：\n"
            "  readlog open 12\n"
            "  readlog open 12 --mark-read\n"
            "  readlog open 12 --print\n"
            "  readlog open 12 2"
        ),
    ),
    "help_open_number": (
        "Open the N-th of the links readlog show ID lists (default: the entry's own).",
        "打开 readlog show ID 列出的第 N 个链接（默认：条目自己的链接）。",
    ),
    "help_open_print_only": (
        "Print the link instead of opening it.",
        "打印链接而不打开。",
    ),
    "help_open_mark_read": (
        "Also mark the entry read.",
        "同时把条目标为已读。",
    ),
    "help_cmd_sources": (
        (
            "Sources with their entry, unread and starred counts and when each last saved something.\n"
            "\n"
            "Most entries first. Names are grouped ignoring case, as --source matches them.\n"
            "\n"
            "\x08\n"
            "Examples:\n"
            "  readlog sources\n"
            "  readlog sources --json\n"
            '  readlog list --source "Rust Blog" --unread'
        ),
        (
            "各来源的条目数、未读数、加星数，以及各自最后一次收藏的时间。\n"
            "\n"
            "条目最多的在前。名称分组时不区分大小写，与 --source 的匹配方式相同。\n"
            "\n"
            "\x08\n"
            "示例：\n"
            "  readlog sources\n"
            "  readlog sources --json\n"
            '  readlog list --source "Rust Blog" --unread'
        ),
    ),
    "help_cmd_categories": (
        (
            "Categories with their entry, unread and starred counts and when each last saved something.\n"
            "\n"
            "Most entries first; entries without a category are counted under (none).\n"
            "\n"
            "\x08\n"
            "Examples:\n"
            "  readlog categories\n"
            "  readlog categories --json\n"
            "  readlog list --category 技术文章"
        ),
        (
            "各分类的条目数、未读数、加星数，以及各自最后一次收藏的时间。\n"
            "\n"
            "条目最多的在前；没有分类的条目计在 (none) 下。\n"
            "\n"
            "\x08\n"
            "示例：\n"
            "  readlog categories\n"
            "  readlog categories --json\n"
            "  readlog list --category 技术文章"
        ),
    ),
    "help_cmd_stats": (
        (
            "Your reading habits on one screen.\n"
            "\n"
            "Saved vs read per week as a bar chart (per month beyond 26 weeks, per\n"
            "year beyond 3 years, when it starts at the first entry) with the net\n"
            "change to the backlog, the backlog now and 4 weeks ago, your reading\n"
            "streak, the sources and categories you save and read most in the\n"
            "window, and the entries waiting longest.\n"
            "\n"
            "\x08\n"
            "Examples:\n"
            "  readlog stats\n"
            "  readlog stats --since 6mo\n"
            "  readlog --lang zh stats --since all\n"
            "  readlog stats --json"
        ),
        (
            "一屏看清你的阅读习惯。\n"
            "\n"
            "每周收藏与已读的柱状图（从第一个条目开始时，超过 26 周按月、超过 3 年按年），"
            "以及待读积压的净变化、现在和 4 周前的积压量、连续阅读天数、"
            "这段时间里收藏和阅读最多的来源和分类，还有等待最久的条目。\n"
            "\n"
            "\x08\n"
            "示例：\n"
            "  readlog stats\n"
            "  readlog stats --since 6mo\n"
            "  readlog --lang zh stats --since all\n"
            "  readlog stats --json"
        ),
    ),
    "help_stats_since": (
        "Start of the chart: 2026-09-01, 8w, 6mo, all (default: 12 weeks).",
        "图表的起点：2026-09-01、8w、6mo、all（默认：12 周）。",
    ),
    "help_stats_as_json": (
        "Print the numbers as JSON.",
        "以 JSON 打印这些数字。",
    ),
    "help_cmd_config": (
        (
            "Show the effective settings and where each came from.\n"
            "\n"
            "Settings live in config.toml in the user config dir (~/.config/readlog/\n"
            "on Linux; $READLOG_CONFIG names another file). Keys: library, columns,\n"
            "page_size, lang, mark_read_on_show, triage_advance. Options beat the\n"
            "environment (READLOG_DB, READLOG_LANG), which beats the file, which\n"
            "beats defaults.\n"
            "\n"
            "\x08\n"
            "Examples:\n"
            "  readlog config\n"
            '  readlog config --init && $EDITOR "$(readlog config --path)"\n'
            "  readlog --lang zh config --json"
        ),
        (
            "显示生效的设置及各自的来历。\n"
            "\n"
            "设置保存在用户配置目录的 config.toml 中（Linux 上为 ~/.config/readlog/；$READLOG_CONFIG "
            "可指定其他文件）。键：library、columns、page_size、lang、mark_read_on_show、triage_advance。"
            "选项优先于环境变量（READLOG_DB、READLOG_LANG），环境变量优先于配置文件，配置文件优先于默认值。"
            "\n"
            "\n"
            "\x08\n"
            "示例：\n"
            "  readlog config\n"
            '  readlog config --init && $EDITOR "$(readlog config --path)"\n'
            "  readlog --lang zh config --json"
        ),
    ),
    "help_config_path": (
        "Print only the config file's path.",
        "只打印配置文件的路径。",
    ),
    "help_config_init": (
        "Write a commented starter config file (never overwrites).",
        "写一份带注释的初始配置文件（绝不覆盖）。",
    ),
    "help_cmd_backup": (
        (
            "Write a consistent copy of the library (safe while another readlog writes).\n"
            "\n"
            "The copy is made with SQLite's online backup, checked, and only then put\n"
            "in place under its name, so a failed backup never leaves half a file.\n"
            "Open a copy with --db; readlog db restore puts it back in place of the\n"
            "library (never copy it over the library by hand). Also readlog db backup.\n"
            "\n"
            "\x08\n"
            "Examples:\n"
            "  readlog backup\n"
            "  readlog backup ~/Backups/\n"
            "  readlog backup reading-2026-12.db --force"
        ),
        (
            "写一份一致的书库副本（另一个 readlog 正在写入时也安全）。\n"
            "\n"
            "副本用 SQLite 的在线备份制作，检查无误后才以其名称放到位，所以失败的备份绝不会留下半个文件。"
            "用 --db 打开副本；readlog db restore 可以把它放回书库的位置（切勿手动把它复制到书库上）。"
            "也可以写作 readlog db backup。\n"
            "\n"
            "\x08\n"
            "示例：\n"
            "  readlog backup\n"
            "  readlog backup ~/Backups/\n"
            "  readlog backup reading-2026-12.db --force"
        ),
    ),
    "help_backup_path": (
        "File or folder for the copy (default: beside the library).",
        "副本的文件或文件夹（默认：书库旁边）。",
    ),
    "help_backup_force": (
        "Replace PATH if it already exists.",
        "PATH 已存在时替换它。",
    ),
    "help_backup_as_json": (
        "Print where the copy went as JSON.",
        "以 JSON 打印副本的位置。",
    ),
    "help_cmd_completion": (
        (
            "Print the shell completion script for bash, zsh or fish, or install it.\n"
            "\n"
            "Completes commands, options, and the library's own tags, sources and\n"
            "categories (from the library --db or $READLOG_DB names, if the line\n"
            "gives one). Load it from your shell's start-up file, or let --install\n"
            "(or readlog --install-completion) put it where the shell finds it.\n"
            "\n"
            "\x08\n"
            "Examples:\n"
            '  eval "$(readlog completion bash)"      # in ~/.bashrc\n'
            '  eval "$(readlog completion zsh)"       # in ~/.zshrc, after compinit\n'
            "  readlog completion fish > ~/.config/fish/completions/readlog.fish\n"
            "  readlog completion --install"
        ),
        (
            "打印 bash、zsh 或 fish 的 shell 补全脚本，或安装它。\n"
            "\n"
            "补全命令、选项，以及书库自己的标签、来源和分类（如果命令行给了 --db 或 $READLOG_DB，"
            "就从那个书库读取）。在 shell 的启动文件中加载它，或用 --install（或 readlog "
            "--install-completion）放到 shell 能找到的地方。\n"
            "\n"
            "\x08\n"
            "示例：\n"
            '  eval "$(readlog completion bash)"      # 写在 ~/.bashrc 中\n'
            '  eval "$(readlog completion zsh)"       # 写在 ~/.zshrc 中，compinit 之后\n'
            "  readlog completion fish > ~/.config/fish/completions/readlog.fish\n"
            "  readlog completion --install"
        ),
    ),
    "help_completion_shell": (
        "bash, zsh or fish (default: your shell).",
        "bash、zsh 或 fish（默认：你的 shell）。",
    ),
    "help_completion_install_it": (
        "Write the script where the shell loads it, instead of printing it.",
        "把脚本写到 shell 加载它的地方，而不是打印出来。",
    ),
    "help_cmd_db": (
        (
            "Check, back up, repair or restore the library file: check, backup, rebuild-index, restore.\n"
            "\n"
            "\x08\n"
            "Examples:\n"
            "  readlog db check\n"
            "  readlog --db old.db db check --json\n"
            "  readlog db backup ~/Backups/\n"
            "  readlog db rebuild-index\n"
            "  readlog db restore ~/Backups/readlog-backup-20261201-080000.db"
        ),
        (
            "检查、备份、修复或恢复书库文件：check、backup、rebuild-index、restore。\n"
            "\n"
            "\x08\n"
            "示例：\n"
            "  readlog db check\n"
            "  readlog --db old.db db check --json\n"
            "  readlog db backup ~/Backups/\n"
            "  readlog db rebuild-index\n"
            "  readlog db restore ~/Backups/readlog-backup-20261201-080000.db"
        ),
    ),
    "help_cmd_db_check": (
        (
            "Check the library file without changing it: integrity, schema, search index.\n"
            "\n"
            "Exit status 1 when something is wrong.\n"
            "\n"
            "\x08\n"
            "Examples:\n"
            "  readlog db check\n"
            "  readlog --db old.db db check --json"
        ),
        (
            "检查书库文件而不修改它：完整性、结构、搜索索引。\n"
            "\n"
            "有问题时退出状态为 1。\n"
            "\n"
            "\x08\n"
            "示例：\n"
            "  readlog db check\n"
            "  readlog --db old.db db check --json"
        ),
    ),
    "help_db_check_as_json": (
        "Print the findings as JSON.",
        "以 JSON 打印检查结果。",
    ),
    "help_cmd_db_restore": (
        (
            "Put a backup in place of the library, keeping the library as a backup first.\n"
            "\n"
            "The backup is checked before anything changes (a readlog library,\n"
            "SQLite's quick check, its schema; an older one is upgraded when next\n"
            "opened). The library it replaces is kept beside it, named as backup\n"
            "names its copies, and nothing a crashed readlog left beside the library\n"
            "is replayed onto the backup. Refused while another readlog has the\n"
            "library open. Asks first (--yes skips the question; without a terminal\n"
            "--yes is required).\n"
            "\n"
            "\x08\n"
            "Examples:\n"
            "  readlog db restore ~/Backups/readlog-backup-20261201-080000.db\n"
            "  readlog --db old.db db restore old-copy.db --yes"
        ),
        (
            "用备份替换书库，替换前先把书库保存为一份备份。\n"
            "\n"
            "在做任何改动之前先检查备份（是 readlog 书库、通过 SQLite 的快速检查、结构无误；"
            "较旧的结构会在下次打开时升级）。被替换的书库以 backup 命名副本的方式保存在它旁边，"
            "崩溃的 readlog 留在书库旁边的文件绝不会被重放到备份上。另一个 readlog 打开着书库时拒绝执行。"
            "执行前会先询问（--yes 跳过询问；没有终端时必须加 --yes）。\n"
            "\n"
            "\x08\n"
            "示例：\n"
            "  readlog db restore ~/Backups/readlog-backup-20261201-080000.db\n"
            "  readlog --db old.db db restore old-copy.db --yes"
        ),
    ),
    "help_db_restore_path": (
        "The backup to put in place of the library.",
        "要放回书库位置的备份。",
    ),
    "help_db_restore_yes": (
        "Replace the library without asking.",
        "不询问，直接替换书库。",
    ),
    "help_db_restore_as_json": (
        "Print what was restored as JSON.",
        "以 JSON 打印恢复的结果。",
    ),
    "help_cmd_db_rebuild_index": (
        (
            "Rebuild the search index from the entries (same as search --rebuild).\n"
            "\n"
            "\x08\n"
            "Examples:\n"
            "  readlog db rebuild-index"
        ),
        ("根据条目重建搜索索引（同 search --rebuild）。\n\n\x08\n示例：\n  readlog db rebuild-index"),
    ),
    # ==== The faces' words: labels of tables and screens, each face's under its prefix, read by
    # the face's own small helper (render: Output.label, stats: t, organise: _h and tr, triage:
    # label, curate: _l, capture: _w).
    # ---- render (Output.label): labels of the entries table, show's panel, import's summary, the overview;
    # label_done_/label_already_: what a state change did (star, read, archive...) or that it already was so
    "label_id": ("ID", "编号"),
    "label_title": ("Title", "标题"),
    "label_source": ("Source", "来源"),
    "label_category": ("Category", "分类"),
    "label_saved": ("Saved", "收藏"),
    "label_match": ("Match", "匹配"),
    "label_tags": ("Tags", "标签"),
    "label_verdict": ("Verdict", "收录理由"),
    "label_note": ("Note", "笔记"),
    "label_links": ("Links", "链接"),
    "label_other_titles": ("Also saved as", "其他标题"),
    "label_read": ("read", "已读"),
    "label_unread": ("unread", "未读"),
    "label_starred": ("starred", "星标"),
    "label_archived": ("archived", "已归档"),
    "label_showing": ("Showing {shown} of {total} entries", "显示 {shown} / 共 {total} 条"),
    "label_showing_about": ("Showing {shown} of about {total:,} entries", "显示 {shown} / 共约 {total:,} 条"),
    "label_more": ("; --limit 0 shows all", "；--limit 0 显示全部"),
    "label_none": ("No entries match.", "没有匹配的条目。"),
    "label_saved_on": ("saved {rel} ({date})", "收藏于 {rel}（{date}）"),
    "label_published": ("published {date}", "发表于 {date}"),
    "label_n_added": ("{n:,} added", "新增 {n:,} 条"),
    "label_n_updated": (", {n:,} updated", "，更新 {n:,} 条"),
    "label_n_skipped": (", {n:,} skipped", "，跳过 {n:,} 条"),
    "label_n_unchanged": (", {n:,} already in the library ({why})", "，{n:,} 条已在书库中（{why}）"),
    "label_n_already": (", {n:,} already in the library", "，{n:,} 条已在书库中"),
    "label_match_link": ("same link", "链接相同"),
    "label_match_text": ("same text", "文本相同"),
    "label_match_feed item": ("same feed item", "同一订阅条目"),
    "label_n_trashed": (", {n:,} in the trash, not brought back", "，{n:,} 条在回收站中，未恢复"),
    "label_n_problems": (", {n:,} problem{s}", "，{n:,} 个问题"),
    "label_file_skipped": (": skipped ({why})", "：已跳过（{why}）"),
    "label_n_more": ("  ... and {n:,} more", "  ……另有 {n:,} 条"),
    "label_n_entries": ("  {n:,} entries · ", "  共 {n:,} 条 · "),
    "label_n_unread": ("{n:,} unread", "{n:,} 条未读"),
    "label_n_starred": ("{n:,} starred", "{n:,} 条星标"),
    "label_library": ("library: {path}", "书库：{path}"),
    "label_newest_unread": ("Newest unread:", "最新未读："),
    "label_last_import": ("Last import: {path} ({format}), {when}: ", "上次导入：{path}（{format}），{when}："),
    "label_empty_library": (
        "Your library is empty. Start with: readlog import FILE",
        "书库是空的。先导入：readlog import FILE",
    ),
    "label_help_hint": ("Run readlog --help for all commands.", "运行 readlog --help 查看全部命令。"),
    "label_time": ("Time", "时长"),
    "label_minutes": ("{n} min", "{n} 分钟"),
    "label_reading": ("{n} min read", "约 {n} 分钟读完"),
    "label_dead": ("dead", "失效"),
    "label_dead_link": ("dead link: {why}, found {rel}", "失效链接：{why}，{rel}发现"),
    "label_fetch_failed": ("last fetch failed {rel}: {why}", "上次抓取失败（{rel}）：{why}"),
    "label_fetched_on": ("article fetched {rel} · {n:,} words", "正文抓取于{rel} · {n:,} 个词"),
    "label_fetched_on_characters": ("article fetched {rel} · {n:,} characters", "正文抓取于{rel} · {n:,} 字"),
    "label_read_hint": (" · readlog show {id} --full reads it", " · readlog show {id} --full 阅读全文"),
    "label_hit_in": ("{field}: ", "{field}："),
    "label_hit_verdict": ("verdict", "收录理由"),
    "label_hit_note": ("note", "笔记"),
    "label_hit_source": ("source", "来源"),
    "label_hit_category": ("category", "分类"),
    "label_hit_tags": ("tag", "标签"),
    "label_hit_text": ("article", "正文"),
    "label_image": ("image", "图片"),
    # show --full of an entry whose article was never fetched (render/article)
    "label_article_hint": (
        "No article text yet: `readlog fetch {id}` downloads it.",
        "还没有正文：`readlog fetch {id}` 可以下载。",
    ),
    "label_done_star": ("starred", "已加星标"),
    "label_done_unstar": ("unstarred", "已取消星标"),
    "label_done_read": ("marked read", "已标为已读"),
    "label_done_unread": ("marked unread", "已标为未读"),
    "label_done_archive": ("archived", "已归档"),
    "label_done_unarchive": ("unarchived", "已取消归档"),
    "label_already_star": ("already starred", "本来就有星标"),
    "label_already_unstar": ("already unstarred", "本来就没有星标"),
    "label_already_read": ("already read", "本来就是已读"),
    "label_already_unread": ("already unread", "本来就是未读"),
    "label_already_archive": ("already archived", "本来就已归档"),
    "label_already_unarchive": ("already unarchived", "本来就未归档"),
    # ---- render/stats (t()): stats and config screens; stats_origin_: where a setting's value came from
    "stats_source": ("Source", "来源"),
    "stats_category": ("Category", "分类"),
    "stats_sources": ("{n} sources", "共 {n} 个来源"),
    "stats_categories": ("{n} categories", "共 {n} 个分类"),
    "stats_entries": ("Entries", "条目"),
    "stats_unread": ("Unread", "未读"),
    "stats_starred": ("Starred", "星标"),
    "stats_latest": ("Latest saved", "最近收藏"),
    "stats_none_name": ("(none)", "（无）"),
    "stats_empty": ("No entries yet. Start with: readlog import FILE", "还没有条目。先导入：readlog import FILE"),
    "stats_title": ("Reading stats", "阅读统计"),
    "stats_window_day": ("{n} day{s} since {date}", "最近 {n} 天，自 {date} 起"),
    "stats_window_week": ("{n} week{s} since {date}", "最近 {n} 周，自 {date} 起"),
    "stats_window_month": ("{n} month{s} since {date}", "最近 {n} 个月，自 {date} 起"),
    "stats_window_year": ("{n} year{s} since {date}", "最近 {n} 年，自 {date} 起"),
    "stats_window_since": ("since {date}", "自 {date} 起"),
    "stats_saved": ("Saved", "收藏"),
    "stats_read": ("Read", "已读"),
    "stats_net": ("Net", "净增"),
    "stats_activity": ("Activity", "概况"),
    "stats_saved_n": ("{n:,} saved", "收藏 {n:,} 条"),
    "stats_read_n": ("{n:,} read ({pct}% of saved)", "已读 {n:,} 条（收藏的 {pct}%）"),
    "stats_read_n0": ("{n:,} read", "已读 {n:,} 条"),
    "stats_backlog": ("Backlog", "待读"),
    "stats_backlog_n": ("{n:,} unread", "{n:,} 条未读"),
    "stats_trend_up": ("▲ {d:,} in 4 weeks (was {then:,})", "▲ 4 周内增加 {d:,}（原为 {then:,}）"),
    "stats_trend_down": ("▼ {d:,} in 4 weeks (was {then:,})", "▼ 4 周内减少 {d:,}（原为 {then:,}）"),
    "stats_trend_flat": ("= unchanged in 4 weeks", "= 4 周内没有变化"),
    "stats_streak": ("Streak", "连续阅读"),
    "stats_streak_n": ("{n} day{s} in a row", "{n} 天"),
    "stats_streak_0": ("no reading today or yesterday", "今天和昨天都没有阅读"),
    "stats_longest": ("longest {n} day{s}", "最长 {n} 天"),
    "stats_today_yes": ("read today ✓", "今天已读 ✓"),
    "stats_today_no": ("nothing read yet today", "今天还没有阅读"),
    "stats_chart_week": (
        "Saved vs read per week (from Monday); Net = how much the backlog grew",
        "每周收藏与已读（周一起算）；净增 = 待读增加了多少",
    ),
    "stats_chart_month": (
        "Saved vs read per month; Net = how much the backlog grew",
        "每月收藏与已读；净增 = 待读增加了多少",
    ),
    "stats_chart_year": (
        "Saved vs read per year; Net = how much the backlog grew",
        "每年收藏与已读；净增 = 待读增加了多少",
    ),
    "stats_top_source": ("Sources", "来源"),
    "stats_top_category": ("Categories", "分类"),
    "stats_oldest": ("Oldest unread", "最早的未读"),
    "stats_no_unread": ("Nothing unread: the backlog is clear.", "没有未读条目，待读清空了。"),
    "stats_week_label": ("{d:%b %d}", "{d.month:02d}-{d.day:02d}"),
    "stats_month_label": ("{d:%b %Y}", "{d.year}-{d.month:02d}"),
    "stats_year_label": ("{d.year}", "{d.year}"),
    "stats_years_label": ("{d.year}–{end.year}", "{d.year}–{end.year}"),
    "stats_setting": ("Setting", "设置"),
    "stats_value": ("Value", "值"),
    "stats_from": ("From", "来自"),
    "stats_config_file": ("Config file: {path}", "配置文件：{path}"),
    "stats_config_missing": (
        "(not created yet; readlog config --init writes a starter file)",
        "（尚未创建；readlog config --init 会写入一个示例文件）",
    ),
    "stats_unknown_key": (
        "unknown setting {key!r} in the config file (ignored); known: {known}",
        "配置文件中的未知设置 {key!r}（已忽略）；可用：{known}",
    ),
    "stats_origin_default": ("default", "默认"),
    "stats_origin_config_file": ("config file", "配置文件"),
    "stats_origin_option": ("option", "选项"),
    "stats_origin_environment": ("environment", "环境变量"),
    # ---- render/organise: tags, history, undo and bulk previews; history_ + a header's name (_h),
    # history_words_: said by their English (tr(), as the code and the stored summaries write them)
    "history_tag": ("Tag", "标签"),
    "history_entries": ("Entries", "条目"),
    "history_unread": ("Unread", "未读"),
    "history_id": ("ID", "编号"),
    "history_when": ("When", "时间"),
    "history_command": ("Command", "命令"),
    "history_summary": ("Summary", "结果"),
    "history_undone": ("undone", "已撤销"),
    "history_words_marked_read": ("marked read", "标为已读"),
    "history_words_marked_unread": ("marked unread", "标为未读"),
    "history_words_starred": ("starred", "加星标"),
    "history_words_unstarred": ("unstarred", "取消星标"),
    "history_words_archived": ("archived", "归档"),
    "history_words_unarchived": ("unarchived", "取消归档"),
    "history_words_tagged": ("tagged", "加标签"),
    "history_words_untagged": ("untagged", "去掉标签"),
    "history_words_retagged": ("retagged", "修改标签"),
    "history_words_unchanged": ("unchanged", "未变"),
    "history_words_marked_unread_again": ("marked unread again", "重新标为未读"),
    "history_words_marked_read_again": ("marked read again", "重新标为已读"),
    "history_words_unstarred_again": ("unstarred again", "重新取消星标"),
    "history_words_starred_again": ("starred again", "重新加星标"),
    "history_words_unarchived_again": ("unarchived again", "重新取消归档"),
    "history_words_archived_again": ("archived again", "重新归档"),
    "history_words_removed_added_by_the_import": ("removed (added by the import)", "已删除（由该次导入添加）"),
    "history_words_tags_restored": ("tags restored", "标签已恢复"),
    "history_words_tags_removed": ("tags removed", "标签已移除"),
    "history_words_note_restored": ("note restored", "笔记已恢复"),
    "history_words_note_removed": ("note removed", "笔记已删除"),
    "history_words_restored_fields": ("restored {fields}", "已恢复 {fields}"),
    "history_words_saved_time": ("saved time", "收藏时间"),
    "history_words_saved_stamp": ("saved stamp", "收藏标记"),
    "history_words_link_key": ("link key", "链接键"),
    "history_words_read_time": ("read time", "阅读时间"),
    "history_words_note_saved": ("note saved", "笔记已保存"),
    "history_words_note_cleared": ("note cleared", "笔记已清除"),
    "history_words_note_unchanged": ("note unchanged", "笔记未变"),
    "history_words_note_kept_empty": (
        "note kept (the new one was empty or not saved; --clear removes the note)",
        "笔记保持原样（新笔记为空或没有保存；--clear 才会删除笔记）",
    ),
    "history_words_deleted_added_by_readlog_add": ("deleted (added by readlog add)", "已删除（由 readlog add 添加）"),
    "history_words_restored_from_the_trash": ("restored from the trash", "已从回收站恢复"),
    "history_words_moved_back_to_the_trash": ("moved back to the trash", "已移回回收站"),
    "history_words_name_changed": ("{name} changed", "{name}已修改"),
    "history_words_label_colon": ("{label}: ", "{label}："),
    "history_words_no_tags_yet_add_some_with_readlog_tag_id_tag": (
        "No tags yet. Add some with: readlog tag ID +TAG",
        "还没有标签。这样添加：readlog tag ID +TAG",
    ),
    "history_words_entries_will_be_phrase": ("{entries} will be {phrase}", "{entries}将{phrase}"),
    "history_words_matched_match_already_already_are": (
        " ({matched:,} match, {already:,} already are)",
        "（匹配 {matched:,} 条，其中 {already:,} 条已是如此）",
    ),
    "history_words_colon": (":", "："),
    "history_words_matched_entries_match_all_already_phrase_nothing_to_change": (
        "{matched:,} entries match, all already {phrase}; nothing to change.",
        "匹配 {matched:,} 条，都已{phrase}；无需修改。",
    ),
    "history_words_no_entries_match_nothing_to_change": (
        "No entries match; nothing to change.",
        "没有匹配的条目；无需修改。",
    ),
    "history_words_entries_phrase": ("{entries} {phrase}", "{entries}已{phrase}"),
    "history_words_action_id_readlog_undo_reverts_it": (
        " (action {id}; readlog undo reverts it)",
        "（操作 {id}；readlog undo 可撤销）",
    ),
    "history_words_no_actions_recorded_yet": ("No actions recorded yet.", "还没有记录任何操作。"),
    "history_words_would_undo": ("Would undo", "将撤销"),
    "history_words_undid": ("Undid", "已撤销"),
    "history_words_action_id": (" action {id}: ", "操作 {id}："),
    "history_words_nothing_was_changed_dry_run": ("Nothing was changed (--dry-run).", "没有做任何修改（--dry-run）。"),
    # ---- render/triage: each key's footer word and help line (KEYS, EXTRA_KEYS, LEGEND)
    "triage_key_move": ("move down / up (also the arrow keys)", "下移 / 上移（方向键也可）"),
    "triage_footer_move": ("move", "移动"),
    "triage_key_open": ("open the entry: Enter or Space (Esc goes back)", "打开条目：回车或空格（Esc 返回）"),
    "triage_footer_open": ("open", "打开"),
    "triage_key_star": ("star / unstar", "加星标 / 取消星标"),
    "triage_footer_star": ("star", "星标"),
    "triage_key_read": ("mark read / unread", "标为已读 / 未读"),
    "triage_footer_read": ("read", "已读"),
    "triage_key_archive": ("archive / unarchive", "归档 / 取消归档"),
    "triage_footer_archive": ("archive", "归档"),
    "triage_key_tag": ("add and remove tags: +tag -tag", "添加、删除标签：+标签 -标签"),
    "triage_footer_tag": ("tag", "标签"),
    "triage_key_note": (
        "write the note (emptied, it asks before removing the note)",
        "写笔记（清空后会先询问是否删除笔记）",
    ),
    "triage_footer_note": ("note", "笔记"),
    "triage_key_link": ("open the link in the browser", "在浏览器中打开链接"),
    "triage_footer_link": ("link", "链接"),
    "triage_key_search": ("search, as readlog search (Esc clears)", "搜索，同 readlog search（Esc 清除）"),
    "triage_footer_search": ("search", "搜索"),
    "triage_key_view": ("view: unread, starred, all", "视图：未读、星标、全部"),
    "triage_footer_view": ("view", "视图"),
    "triage_key_undo": ("undo the last change (as readlog undo)", "撤销上一次更改（同 readlog undo）"),
    "triage_footer_undo": ("undo", "撤销"),
    "triage_key_help": ("this help", "本帮助"),
    "triage_footer_help": ("help", "帮助"),
    "triage_key_quit": ("quit (every change is already saved)", "退出（每次更改都已保存）"),
    "triage_footer_quit": ("quit", "退出"),
    "triage_key_page": ("a page up / down", "上一页 / 下一页"),
    "triage_key_ends": ("first / last entry", "第一条 / 最后一条"),
    "triage_key_marks": ("unread, starred, archived (struck through)", "未读、星标、已归档（划掉）"),
    # ---- render/triage (label()): the triage screen
    "triage_title": ("readlog triage", "readlog 分拣"),
    "triage_unread": ("unread", "未读"),
    "triage_read": ("read", "已读"),
    "triage_starred": ("starred", "星标"),
    "triage_all": ("all", "全部"),
    "triage_archived": ("archived", "已归档"),
    "triage_entries": ("{n:,} entries", "共 {n:,} 条"),
    "triage_entry": ("1 entry", "共 1 条"),
    "triage_search": ("search: {q}", "搜索：{q}"),
    "triage_none": ("No entries match.", "没有匹配的条目。"),
    "triage_article": ("Article", "正文"),
    "triage_minutes": ("{n} min read", "约 {n} 分钟读完"),
    "triage_tags_done": ("tags of #{id}: {tags}", "#{id} 的标签：{tags}"),
    "triage_no_tags": ("(none)", "（无）"),
    "triage_note_saved": ("note saved on #{id}", "已保存 #{id} 的笔记"),
    "triage_note_cleared": ("note removed from #{id}", "已删除 #{id} 的笔记"),
    "triage_note_unchanged": ("note of #{id} unchanged", "#{id} 的笔记未变"),
    "triage_undid": ("undid action {id}: {command}", "已撤销操作 {id}：{command}"),
    "triage_nothing_to_undo": ("nothing to undo", "没有可撤销的操作"),
    "triage_undo_ask": (
        "press u again to undo action {id}: {command} (not made on this screen)",
        "再按 u 撤销操作 {id}：{command}（不是在此界面做的）",
    ),
    "triage_opened": ("opened {url}", "已打开 {url}"),
    "triage_no_browser": ("could not start a browser; the link is {url}", "无法启动浏览器；链接是 {url}"),
    "triage_no_link": ("#{id} has no link to open", "#{id} 没有可打开的链接"),
    "triage_cancelled": ("cancelled", "已取消"),
    "triage_search_cleared": ("search cleared", "已清除搜索"),
    "triage_prompt_tags": (
        "Tags for #{id}: +tag adds, -tag removes · Enter applies · Esc cancels",
        "#{id} 的标签：+标签 添加，-标签 删除 · 回车确认 · Esc 取消",
    ),
    "triage_prompt_note": (
        "Note for #{id}: Enter saves · Esc cancels",
        "#{id} 的笔记：回车保存 · Esc 取消",
    ),
    "triage_prompt_note_clear": (
        "Remove the note of #{id}? Enter removes it · Esc keeps it",
        "删除 #{id} 的笔记？回车删除 · Esc 保留",
    ),
    "triage_prompt_search": (
        'Search as readlog search does (words, "a phrase", -word, a OR b) · Esc cancels',
        '搜索，同 readlog search（词语、"短语"、-排除、a OR b）· Esc 取消',
    ),
    "triage_help": ("Keys", "按键"),
    "triage_help_close": ("Esc, q or ? closes this help", "按 Esc、q 或 ? 关闭帮助"),
    "triage_view": ("view: {view}", "视图：{view}"),
    "triage_last_entry": ("that was the last entry", "已是最后一条"),
    # ---- render/curate (_l()): edit, rm, trash and restore; curate_field_: the fields edit names.
    # them/it are said in English only: the Chinese sentence needs no pronoun
    "curate_n": ("{n:,} entr{ies}", "{n:,} 条"),
    "curate_sep": (": ", "："),
    "curate_edited": ("edited ({fields})", "已修改（{fields}）"),
    "curate_unchanged": ("unchanged", "未改动"),
    "curate_same": ("nothing to change: it already says that", "无需修改：内容本来就是这样"),
    "curate_saved_as_is": ("nothing was changed: the form was saved as it was", "未作改动：表单保存时没有变化"),
    "curate_not_saved": ("nothing was changed: the form was not saved", "未作改动：表单没有保存"),
    "curate_trashed": ("moved to the trash", "已移到回收站"),
    "curate_restore_hint": (
        "readlog restore {ids} brings {them} back (so does readlog undo)",
        "readlog restore {ids} 可以恢复（readlog undo 也可以）",
    ),
    "curate_them": ("them", "它们"),
    "curate_it": ("it", "它"),
    "curate_restored": ("restored", "已恢复"),
    "curate_id": ("ID", "编号"),
    "curate_title": ("Title", "标题"),
    "curate_source": ("Source", "来源"),
    "curate_deleted": ("Deleted", "删除于"),
    "curate_empty": ("The trash is empty.", "回收站是空的。"),
    "curate_none_older": ("Nothing in the trash was deleted before {date}.", "回收站里没有 {date} 之前删除的条目。"),
    "curate_footer": (
        "{entries} in the trash; readlog restore ID brings one back, readlog trash --empty deletes for good",
        "回收站共 {entries}；readlog restore ID 恢复，readlog trash --empty 永久删除",
    ),
    "curate_showing": (
        "Showing {shown:,} of {entries} in the trash; --limit 0 shows all",
        "显示 {shown:,} / 回收站共 {entries}；--limit 0 显示全部",
    ),
    "curate_will_delete": (
        "{entries} will be deleted for good (this cannot be undone):",
        "将永久删除 {entries}（无法撤销）：",
    ),
    "curate_deleted_for_good": ("{entries} deleted for good", "已永久删除 {entries}"),
    "curate_field_title": ("title", "标题"),
    "curate_field_url": ("url", "链接"),
    "curate_field_source": ("source", "来源"),
    "curate_field_category": ("category", "分类"),
    "curate_field_published": ("published", "发表日期"),
    "curate_field_summary": ("summary", "摘要"),
    "curate_field_verdict": ("verdict", "收录理由"),
    # ---- render/capture (_w()): add and fetch
    "capture_added": ("added", "已添加"),
    "capture_exists": ("already saved", "已经收藏过"),
    "capture_canonical": ("already saved (same page)", "已经收藏过（同一页面）"),
    "capture_trash": (
        "{url} is in the trash as #{id}; `readlog restore {id}` brings it back",
        "{url} 在回收站中，编号 #{id}；`readlog restore {id}` 可以恢复",
    ),
    "capture_fetch_hint": ("`readlog fetch{ids}` downloads the article text", "`readlog fetch{ids}` 下载正文"),
    "capture_fetched": ("fetched", "已抓取"),
    "capture_failed": ("failed", "失败"),
    "capture_dead": ("dead", "失效"),
    "capture_summary": (
        "{fetched:,} fetched, {failed:,} failed ({dead:,} dead)",
        "抓取 {fetched:,} 篇，失败 {failed:,} 篇（失效 {dead:,} 篇）",
    ),
    "capture_no_link": (", {n:,} without a link", "，{n:,} 条没有链接"),
    "capture_nothing": ("Nothing to fetch", "没有需要抓取的条目"),
    "capture_bar": ("fetching", "抓取中"),
    "capture_minutes": ("{n} min", "{n} 分钟"),
}


def wording(key: str, lang: str = "en") -> str:
    """The catalogue's text for ``key`` in ``lang`` ("en" or "zh"), its fields not
    filled in: what ``say`` fills, and what the faces' label helpers format."""
    english, chinese = CATALOGUE[key]
    return chinese if lang == "zh" and chinese else english


def say(key: str, lang: str = "en", **params: Any) -> str:
    """The message ``key`` in ``lang`` ("en" or "zh"), its fields filled in.

    A whole number given as ``entries`` is said with its noun in the same
    language ("3 entries", "3 条"), so an error raised in English can still
    be said in Chinese later (ReadlogError.localized)."""
    if isinstance(params.get("entries"), int):
        params = {**params, "entries": count(params["entries"], lang)}
    if any(isinstance(v, Phrase) for v in params.values()):
        params = {k: v.said(lang) if isinstance(v, Phrase) else v for k, v in params.items()}
    return wording(key, lang).format(**params)


def help_in(english: str, lang: str) -> str | None:
    """A ``--help`` text (a command's docstring or an option's ``help=``, as
    its declaration says it in English) in ``lang``; None when the catalogue
    has no ``help_`` key with that English."""
    return _help_texts(lang).get(english)


@functools.cache
def _help_texts(lang: str) -> dict[str, str]:
    side = 1 if lang == "zh" else 0
    return {CATALOGUE[key][0]: CATALOGUE[key][side] for key in _keys("help_")}


def detail(exc: BaseException) -> object:
    """An error as a field of another message: its catalogue message (said in
    the other's language), or its text when it has none."""
    key = getattr(exc, "key", None)
    return Phrase(key, **getattr(exc, "params", {})) if isinstance(key, str) else str(exc)


def os_reason(exc: OSError) -> object:
    """Why the system refused (a missing folder, no permission, a full disk):
    a phrase of the catalogue for the usual ones, else the system's own words."""
    import errno

    keys = {
        errno.ENOENT: "os_not_found",
        errno.EACCES: "os_permission",
        errno.EPERM: "os_not_permitted",
        errno.ENOSPC: "os_disk_full",
        errno.EROFS: "os_read_only",
        errno.EISDIR: "os_is_directory",
        errno.ENOTDIR: "os_not_directory",
    }
    key = keys.get(exc.errno or 0)
    return Phrase(key) if key else exc.strerror or str(exc) or type(exc).__name__


class Phrase:
    """A catalogue message given as a field of another (``say("file_too_large",
    what=Phrase("limit_expands"))``), said in the same language as it."""

    def __init__(self, key: str, **params: Any) -> None:
        self.key, self.params = key, params

    def said(self, lang: str = "en") -> str:
        return say(self.key, lang, **self.params)

    def __str__(self) -> str:
        return self.said()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Phrase) and (self.key, self.params) == (other.key, other.params)

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        return f"Phrase({self.key!r}, **{self.params!r})"


def count(n: int, lang: str = "en") -> str:
    """'1 entry', '3 entries', '3 条'."""
    return say("entry_1" if n == 1 else "entry_n", lang, n=n)


def translate(text: str, lang: str, keys: Iterable[str]) -> str:
    """``text``, said in English by one of ``keys``, said again in ``lang``.

    For English kept as text (a fetch error stored with its entry, click's
    messages): the first key whose English matches the whole text gives its
    Chinese, with the same values in its fields (as they were written, not
    formatted again). A field named ``detail`` is translated in turn; text
    that no key matches whole is said reason by reason (several joined by
    "; "); what matches nothing stays as it is.
    """
    if lang != "zh" or not text:
        return text
    keys = tuple(keys)
    said = _said_again(text, keys)
    if said is not None:
        return said
    start = 0
    while (at := text.find("; ", start)) != -1:  # the first reason that a key says whole, then the rest
        head = _said_again(text[:at], keys)
        if head is not None:
            return head + "；" + translate(text[at + 2 :], lang, keys)
        start = at + 2
    return text


def _said_again(text: str, keys: tuple[str, ...]) -> str | None:
    """The Chinese of the first of ``keys`` whose English is ``text`` whole, else None."""
    for key in keys:
        match = _english_pattern(key).fullmatch(text)
        if match:
            values = {k: translate(v, "zh", keys) if k == "detail" else v for k, v in match.groupdict().items()}
            return _bare(CATALOGUE[key][1]).format(**values)
    return None


def fetch_reason(text: str, lang: str) -> str:
    """Why a page could not be read (or what was noticed reading it), kept
    in English with its entry (the web client says it), in ``lang``."""
    return translate(text, lang, _fetch_keys())


def action_summary(text: str, lang: str) -> str:
    """What an action did ("3 of 5 changed"), as stored with it in English, in ``lang``."""
    return translate(text, lang, _keys("did_"))


def _fetch_keys() -> tuple[str, ...]:
    return _keys("fetch_")


@functools.cache
def _keys(prefix: str) -> tuple[str, ...]:
    return tuple(k for k in CATALOGUE if k.startswith(prefix))


@functools.cache
def _english_pattern(key: str) -> re.Pattern[str]:
    """A regular expression matching what ``say(key)`` gives in English, one group per field."""
    parts: list[str] = []
    seen: set[str] = set()
    for literal, name, _, _ in string.Formatter().parse(CATALOGUE[key][0]):
        parts.append(re.escape(literal))
        if name is not None:
            # a field spans "; " (which joins several reasons) only when it is a detail
            field = ".+?" if name == "detail" else "(?:(?!; ).)+?"
            parts.append(f"(?P={name})" if name in seen else f"(?P<{name}>{field})")
            seen.add(name)
    return re.compile("".join(parts), re.DOTALL)


@functools.cache
def _bare(template: str) -> str:
    """``template`` with its fields' conversions and format specs taken off ("{n:,}" -> "{n}")."""
    out = []
    for literal, name, _, _ in string.Formatter().parse(template):
        out.append(literal.replace("{", "{{").replace("}", "}}"))
        if name is not None:
            out.append("{" + name + "}")
    return "".join(out)
