"""The message catalogue: every sentence readlog says outside the render
tables, in English and Chinese, in one place.

Errors are raised with a key (``ReadlogError.of("no_entry", id=5)``): the
exception's text is the English one (what scripts, logs and ``--json``
see), and the one line printed on stderr is said in the user's language
(``--lang zh``). Command output composed outside ``render`` (db check,
backup, export notices, the Markdown export's words) takes its sentences
from here too. Labels of tables and screens stay beside the code that
draws them (render's LABELS-style tables).

A key missing from the Chinese column falls back to English, so a new
message is never lost for want of a translation; a test checks that every
key has both.
"""

from __future__ import annotations

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
    "no_entries_changed": ("no entry with id {ids}; nothing was changed", "没有编号为 {ids} 的条目；没有做任何修改"),
    "empty_id": ("an empty id was given (use e.g. 3 5 8-12)", "给了一个空的编号（例如 3 5 8-12）"),
    # the Python API (readlog.open): ids are given as numbers, not typed
    "api_no_ids": ("give at least one entry id", "请至少给出一个条目编号"),
    "api_bad_id": ("not an entry id: {value!r} (ids are whole numbers)", "不是条目编号：{value!r}（编号是整数）"),
    "api_bad_tag": ("not a tag: {value!r} (tags are text)", "不是标签：{value!r}（标签是文字）"),
    "api_unknown_filter": (
        "unknown filter {name!r}; the filters are {known}",
        "未知的筛选条件 {name!r}；可用的有 {known}",
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
        "--as-of: {value!r} is outside the years 1980-2999 that readlog keeps",
        "--as-of：{value!r} 不在 readlog 能记录的 1980-2999 年之间",
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
    "read_only": ("{path}: the library is read-only; nothing was changed", "{path}：书库是只读的；没有做任何修改"),
    "damaged": (
        "{path}: damaged or not a readlog library ({detail}); nothing was changed. "
        "`readlog db check` tells more; a backup copy can replace it",
        "{path}：已损坏或不是 readlog 书库（{detail}）；没有做任何修改。"
        "`readlog db check` 可查看详情；可以用备份替换它",
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
        "{path}: this library needs an upgrade, but it is read-only",
        "{path}：这个书库需要升级，但它是只读的",
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
    "interrupted": (
        "import interrupted: {saved:,} of {seen:,} entries saved; run it again to finish",
        "导入被中断：{seen:,} 条中已保存 {saved:,} 条；再运行一次即可完成",
    ),
    # ---- export and backup
    "export_is_library": (
        "{path}: that is the library itself; give another file to -o",
        "{path}：这就是书库本身；请给 -o 另一个文件",
    ),
    "exported": ("exported {entries} to {path} ({format})", "已导出 {entries} 到 {path}（{format}）"),
    "export_none": ("no entries matched; nothing exported", "没有匹配的条目；什么都没有导出"),
    "export_no_url": (
        "{entries} without a URL left out of the {format} export",
        "{entries}没有链接，未写入 {format} 导出",
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
    "usage_missing": ("Missing {what}", "缺少{what}"),
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
}


def say(key: str, lang: str = "en", **params: Any) -> str:
    """The message ``key`` in ``lang`` ("en" or "zh"), its fields filled in.

    A whole number given as ``entries`` is said with its noun in the same
    language ("3 entries", "3 条"), so an error raised in English can still
    be said in Chinese later (ReadlogError.localized)."""
    english, chinese = CATALOGUE[key]
    if isinstance(params.get("entries"), int):
        params = {**params, "entries": count(params["entries"], lang)}
    return (chinese if lang == "zh" and chinese else english).format(**params)


def count(n: int, lang: str = "en") -> str:
    """'1 entry', '3 entries', '3 条'."""
    return say("entry_1" if n == 1 else "entry_n", lang, n=n)
