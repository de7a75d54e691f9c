"""Any other list of saved links: JSON or CSV whose records carry a URL.

Read-later apps come and go (Pocket, Omnivore, Matter, GoodLinks, Pinboard,
Karakeep...), and each exports records of much the same facts under its own
names. When no importer knows a file, this one looks for those facts under
the names apps commonly give them - ``url``/``href``/``link``, ``title``,
``excerpt``/``extended``, ``tags``/``labels``, ``created_at``/``time_added``,
``starred``/``favorite``, ``read``/``archived``/``toread``/``status`` - in
any case and with or without ``_`` or ``-``. Records are a top-level JSON
array, the one list of records inside a top-level object (``{"bookmarks":
[...]}``, Pocket's API ``{"list": {id: {...}}}``), or CSV rows. Its sniff
scores low, so a file an app-specific importer recognises never lands here.

A link listed again under a pinned list (Linkwarden's ``pinnedLinks`` beside
``collections[].links[]``) is one entry, starred, with the data of both
copies. A record without a link that carries text (Karakeep's text
bookmarks, ``content: {"type": "text", "text": ...}``) is an entry without
a link; one with neither is skipped with its reason. Ids of named lists
(Karakeep's ``lists`` beside ``bookmarks[].lists``) give the category.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator
from datetime import datetime
from typing import Any

from readlog.inputs.detect import ParseContext
from readlog.inputs.formats.common import (
    csv_header,
    csv_rows,
    csv_table,
    day_first_time,
    json_records,
    load_json,
    one_line,
    site_of,
    summary_of,
    url_problem,
)
from readlog.inputs.reader import InputFile
from readlog.model.entry import Entry, Problem
from readlog.model.epoch import day_of, parse_time
from readlog.model.messages import Phrase

NAME = "links"
Record = dict[str, Any]

# Names in English first, then as spreadsheets and apps in other languages
# write them (German, French, Spanish, Italian, Dutch, Russian, Polish,
# Chinese), compared as _key writes them: lower case, without spaces or marks.
URL = (
    "url", "href", "link", "uri", "urlstring", "resolvedurl", "givenurl", "originalurl", "sourceurl", "pageurl",
    "lien", "enlace", "collegamento", "webadresse", "ссылка", "адрес", "链接", "网址", "網址", "odnośnik",
)  # fmt: skip
TITLE = (
    "title", "resolvedtitle", "giventitle", "name", "pagetitle",
    "titel", "titre", "título", "titulo", "titolo", "tytuł", "название", "заголовок", "标题", "標題",
    "nom", "nombre", "nome", "naam", "nazwa", "名称",
)  # fmt: skip
SUMMARY = (
    "excerpt", "extended", "summary", "description", "selection", "preview", "previewtext", "abstract",
    "beschreibung", "auszug", "résumé", "extrait", "descripción", "descripcion", "resumen", "extracto",
    "descrizione", "riassunto", "estratto", "beschrijving", "samenvatting", "opis", "описание", "摘要", "描述",
)  # fmt: skip
NOTE = (
    "note", "notes", "comment", "annotation",
    "notiz", "notizen", "anmerkung", "kommentar", "commentaire", "remarque", "nota", "notas", "comentario",
    "commento", "opmerking", "notatka", "заметка", "комментарий", "备注", "笔记",
)  # fmt: skip
TAGS = (
    "tags", "labels", "tag", "keywords", "documenttags",
    "schlagwörter", "schlagworte", "stichwörter", "étiquettes", "etiquettes", "motsclés", "etiquetas",
    "etichette", "trefwoorden", "tagi", "etykiety", "метки", "теги", "标签", "標籤",
)  # fmt: skip
SAVED = (
    "savedat", "addedat", "createdat", "timeadded", "dateadded", "datesaved", "saved", "added", "created",
    "time", "timestamp", "date", "bookmarkedat",
    "erstellt", "erstelltam", "hinzugefügt", "hinzugefügtam", "gespeichert", "datum", "créé", "créée",
    "crééle", "ajouté", "ajoutéle", "datedecréation", "datedajout", "fecha", "fechadecreación", "creado",
    "añadido", "guardado", "data", "creato", "aggiunto", "datadicreazione", "aangemaakt", "toegevoegd",
    "utworzono", "dodano", "дата", "создано", "добавлено", "датадобавления", "创建时间", "添加时间",
    "收藏时间", "保存时间", "日期",
)  # fmt: skip
PUBLISHED = (
    "publishedat", "published", "datepublished", "pubdate", "veröffentlicht", "publié", "publicado", "发布时间",
)  # fmt: skip
READ_AT = ("readat", "dateread", "finishedat", "archivedat", "lastreadat")
READ = (
    "read", "isread", "archived", "isarchived", "finished", "done",
    "gelesen", "lu", "leído", "leido", "letto", "gelezen", "przeczytane", "прочитано", "已读",
)  # fmt: skip
UNREAD = ("toread", "unread", "isunread", "readlater")
STATE = ("status", "state", "location", "folder", "readingstatus")
STARRED = (
    "starred", "isstarred", "favorite", "favourite", "isfavorite", "favorited", "favourited", "liked", "pinned",
    "favorit", "favoris", "favori", "favorito", "preferito", "favoriet", "ulubione", "избранное", "星标",
)  # fmt: skip
SOURCE = ("sitename", "site", "domain", "publisher")  # not "source": apps put the client there ("web", "ios")
CATEGORY = (
    "collection", "category", "list",
    "kategorie", "catégorie", "categoría", "categoria", "categorie", "kategoria", "категория", "分类", "类别",
)  # fmt: skip
LISTS = ("lists", "listids", "collections", "collectionids", "folders")  # ids (or names) of the lists it is in
PINNED = {"pinnedlinks", "pinned", "pins", "pinnedbookmarks", "favorites", "favourites", "starredlinks"}
BODY = ("text", "content", "body", "markdown")  # a note's own text, when it has no link
# true as written by hand or by a spreadsheet in English, German, French, Spanish,
# Italian, Dutch, Russian, Polish and Chinese (WAHR, VRAI, VERDADERO, ИСТИНА...)
_TRUE = {
    "1", "true", "yes", "y", "t", "on", "x", "✓", "wahr", "ja", "vrai", "oui", "verdadero", "sí", "si", "vero",
    "waar", "tak", "prawda", "истина", "да", "是", "真",
}  # fmt: skip
_READ_STATES = {"read", "archive", "archived", "finished", "done", "completed"}
_WEB = re.compile(r"\s*https?://[^/\s]", re.I)
_NOT_THE_LINK = re.compile(r"src|image|icon|avatar|thumb|cover|logo|feed|rss|preview|screenshot|banner|photo", re.I)
_RULE = re.compile(r"\s*:?-{3,}:?\s*")
_TITLE_KEY = re.compile(r'"(?:title|name)"\s*:\s*"', re.I)
_LINK_PAIR = re.compile(r'"([A-Za-z_ -]{1,30})"\s*:\s*"(?:https?|ftp)://', re.I)


def _key(name: str) -> str:
    return re.sub(r"[\W_]", "", name.lower())


def sniff(text: str) -> int:
    stripped = text.lstrip("\ufeff \t\r\n")
    if stripped[:1] in "[{":
        keys = [_key(m.group(1)) for m in _LINK_PAIR.finditer(text)]
        if any(k in URL for k in keys):
            return 40
        # Records under other names: one key holding web addresses again and
        # again (not an image's or a feed's), beside titles.
        repeated = [k for k, n in Counter(keys).items() if n >= 2 and not _NOT_THE_LINK.search(k)]
        if repeated and _TITLE_KEY.search(text):
            return 30
    if {_key(c) for c in csv_header(text)} & set(URL):
        return 40
    table = csv_table(text)
    if table is not None and table.link_column() is not None and not _has_link(table.header):
        return 40  # a column of web links under a header of any other name
    return 0


def _has_link(cells: list[str]) -> bool:
    """Whether a row holds a web link: then it is no header."""
    return any(_WEB.match(cell) for cell in cells)


def parse(infile: InputFile, ctx: ParseContext) -> Iterator[Entry | Problem]:
    text = infile.sniff_text().lstrip("\ufeff \t\r\n")
    if text[:1] == "[":
        yield from _from_array(infile, ctx)
    elif text[:1] == "{":
        yield from _from_object(infile, ctx)
    else:
        yield from _from_csv(infile, ctx)


def _from_csv(infile: InputFile, ctx: ParseContext) -> Iterator[Entry | Problem]:
    """CSV rows as records. When no column is named like a link, the column
    whose cells are web links is the link, whatever its header says. In a
    file whose cells are not separated by commas (a spreadsheet saved where
    the comma is the decimal mark), dates such as ``04/03/2020`` are read
    day first, as those locales write them; ``04.03.2020`` always is."""
    table = csv_table(infile.sniff_text())
    delimiter = table.delimiter if table else ","
    link = None
    if table is not None and not {_key(c) for c in table.header} & set(URL):
        column = table.link_column()
        link = table.header[column].strip().lower() if column is not None else None
    for item in csv_rows(infile, delimiter=delimiter):
        if isinstance(item, Problem):
            yield item
            continue
        line, row = item
        if all(_RULE.fullmatch(v) for v in row.values() if v.strip()):
            continue  # a Markdown table's rule under its header (|---|---|)
        if link is not None and link in row:
            row = {("url" if name == link else name): value for name, value in row.items()}
        for name, value in row.items():
            when = day_first_time(value) if value and (delimiter != "," or "." in value) else None
            if when is not None:
                row[name] = when.isoformat()
        yield _entry(row, line, Phrase("import_at_row", line=line), ctx)


def _from_array(infile: InputFile, ctx: ParseContext) -> Iterator[Entry | Problem]:
    for item in json_records(infile.read_text()):
        if isinstance(item, Problem):
            yield item
        elif isinstance(item[2], dict) and not _is_record(item[2]) and _holds_records(item[2]):
            found = _fold_pinned(list(_records_in(item[2], [_name(item[2])], 0)))
            names = _list_names(item[2])
            for number, (record, folders, pinned) in enumerate(found, 1):
                where = Phrase("import_at_record", number=f"{item[0]}.{number}")
                yield _entry(record, item[1], where, ctx, folders, pinned=pinned, names=names)
        elif isinstance(item[2], dict):
            yield _entry(item[2], item[1], Phrase("import_at_record", number=item[0]), ctx)
        else:
            yield Problem(item[1], "import_not_an_object", {}, Phrase("import_at_record", number=item[0]))


def _from_object(infile: InputFile, ctx: ParseContext) -> Iterator[Entry | Problem]:
    data, problem = load_json(infile.read_text())
    if problem:
        yield problem
        return
    records = _find_records(data)
    if records is None:
        yield Problem(1, "import_no_records")
        return
    names = _list_names(data)
    for number, (record, folders, pinned) in enumerate(_fold_pinned(records), 1):
        yield _entry(record, 0, Phrase("import_at_record", number=number), ctx, folders, pinned=pinned, names=names)


DEEPEST = 12  # levels of nesting searched for records
Found = tuple[Record, list[str], bool]  # a record, the collections it sits in, whether it sits in a pinned list


def _fold_pinned(found: list[Found]) -> list[Found]:
    """Each link once: a record in a pinned list (Linkwarden's
    ``pinnedLinks``) that repeats a record found elsewhere is folded into
    it - that one is pinned, and takes the fields only the pinned copy
    has; a pinned record found nowhere else stays, pinned."""
    if not any(pinned for _, _, pinned in found):
        return found
    first: dict[str, int] = {}
    for i, (record, _, pinned) in enumerate(found):
        url = _url(record)
        if url and not pinned:
            first.setdefault(url, i)
    out: list[Found | None] = list(found)
    for i, (record, _, pinned) in enumerate(found):
        at = first.get(_url(record)) if pinned else None
        kept = out[at] if at is not None else None
        if at is None or kept is None:
            continue
        more = {k: v for k, v in record.items() if v not in (None, "", []) and kept[0].get(k) in (None, "", [])}
        out[at] = ({**kept[0], **more}, kept[1], True)
        out[i] = None
    return [f for f in out if f is not None]


def _list_names(data: Any) -> dict[str, str]:
    """id -> name of the named lists a file defines beside its records
    (Karakeep's top-level ``lists``: ``{"id": ..., "name": ...}``)."""
    names: dict[str, str] = {}
    if isinstance(data, dict):
        for key, value in data.items():
            if _key(str(key)) in LISTS and isinstance(value, list):
                for item in value:
                    if isinstance(item, dict) and not _url(item):
                        ident, name = item.get("id"), _name(item)
                        if isinstance(ident, (str, int)) and not isinstance(ident, bool) and name:
                            names[str(ident)] = name
    return names


def _find_records(data: Any) -> list[Found] | None:
    """The records of a top-level object, wherever they sit: itself when it
    is one link, else every object below it that is a link record, found by
    what its fields hold (a web address, with a title, time or tags beside
    it), not by the names of the keys above it. Each comes with the names
    of the collections it sits in (Linkwarden's ``collections[].links[]``),
    which become its category as a Netscape folder does. An object with no
    link beside link records is kept too, to be reported as one."""
    if not isinstance(data, dict):
        return None
    if _is_record(data):
        return [(data, [], False)]
    found = list(_records_in(data, [], 0))
    return found if any(_url(r) for r, _, _ in found) else None


def _holds_records(value: Any, depth: int = 0) -> bool:
    return any(_url(r) for r, _, _ in _records_in(value, [], depth))


def _records_in(value: Any, folders: list[str], depth: int, pinned: bool = False) -> Iterator[Found]:
    """The records among the children of a list or an object (an id-keyed
    object of records is a list), in order, then those deeper down; those
    under a key that names a pinned list (``pinnedLinks``) marked so."""
    if depth > DEEPEST:
        return
    if isinstance(value, dict):
        children = [(v, pinned or (_key(str(k)) in PINNED and isinstance(v, list))) for k, v in value.items()]
    else:
        children = [(c, pinned) for c in value] if isinstance(value, list) else []
    records = [c for c, _ in children if isinstance(c, dict) and _is_record(c)]
    for child, pin in children:
        if isinstance(child, list):
            yield from _records_in(child, folders, depth + 1, pin)
        elif not isinstance(child, dict):
            continue
        elif _is_record(child):
            yield child, folders, pin
        elif records and not _holds_records(child, depth + 1) and _looks_like_record(child):
            yield child, folders, pin  # a sibling of records without a link: a note, or reported
        else:
            name = _name(child) if isinstance(value, list) else ""
            yield from _records_in(child, [*folders, name] if name else folders, depth + 1, pin)


def _name(obj: Record) -> str:
    """A collection's name, for the records inside it."""
    fields = _fields(obj)
    return one_line(_text(_pick(fields, ("name", "title", "label", "collection", "folder"))))


def _is_record(obj: Record) -> bool:
    """A link record: a web address in a field, and something about it beside it."""
    return bool(_url(obj)) and _looks_like_record(obj)


def _looks_like_record(obj: Record) -> bool:
    fields = _fields(obj)
    if _pick(fields, URL) is not None:
        return True
    about = (*TITLE, *SUMMARY, *TAGS, *SAVED, "type")
    return any(k in fields for k in about)


def _fields(record: Record) -> dict[str, Any]:
    return {_key(k): v for k, v in record.items() if isinstance(k, str)}


def _pick(fields: dict[str, Any], names: Iterable[str]) -> Any:
    """The first of ``names`` present with a value (an empty string is no value)."""
    for name in names:
        value = fields.get(name)
        if value is not None and value != "" and value != []:
            return value
    return None


def _url(record: Record) -> str:
    """The record's address: under a name apps give it, inside a nested
    object (``{"content": {"url": ...}}``), or else in the one field whose
    value is a web address (not an image or an icon)."""
    fields = _fields(record)
    value = _pick(fields, URL)
    if value is None:
        nested = [v for v in record.values() if isinstance(v, dict)]
        value = next((u for u in (_pick(_fields(n), URL) for n in nested) if u is not None), None)
    if value is None:
        value = next(
            (v for k, v in fields.items() if isinstance(v, str) and _WEB.match(v) and not _NOT_THE_LINK.search(k)),
            None,
        )
    return value.strip() if isinstance(value, str) else ""


def _nested(record: Record) -> dict[str, Any]:
    """The fields of an object nested in the record that holds its link
    (Karakeep's ``content``), for what the record leaves out."""
    for value in record.values():
        if isinstance(value, dict) and _pick(_fields(value), URL) is not None:
            return _fields(value)
    return {}


def _body(record: Record) -> str:
    """The text of a record that is a note, not a link: its own ``text``, or
    that of the object inside it that holds it (Karakeep's ``content``)."""
    for fields in (_fields(record), *(_fields(v) for v in record.values() if isinstance(v, dict))):
        kind = fields.get("type")
        if isinstance(kind, str) and kind.strip().lower() not in ("text", "note", "markdown"):
            continue  # a link, an image, a file: not a note's text
        value = _pick(fields, BODY)
        if isinstance(value, str) and value.strip():
            return value.strip()
    return ""


def _note_entry(record: Record, body: str, line: int, names: dict[str, str]) -> Entry:
    """An entry without a link: a note saved with the links (Karakeep's text bookmarks)."""
    from readlog.inputs.formats.titles import derive_title, identity_title  # loaded by a parse, not a sniff

    fields = _fields(record)
    title = one_line(_text(_pick(fields, TITLE)))
    lists = _lists(fields, names)
    return Entry(
        title=title or derive_title(body),
        identity_title=None if title else identity_title(body),
        summary=summary_of(body),
        note=_text(_pick(fields, NOTE)),
        category=lists[0] if lists else "",
        saved_at=_time(_pick(fields, SAVED)),
        tags=[*_tags(_pick(fields, TAGS)), *lists[1:]],
        line=line,
    )


def _lists(fields: dict[str, Any], names: dict[str, str]) -> list[str]:
    """The names of the lists a record is in, from their ids (or names)."""
    value = _pick(fields, LISTS)
    if not isinstance(value, list):
        return []
    out = []
    for item in value:
        if isinstance(item, dict):
            name = _name(item)
        elif isinstance(item, (str, int)) and not isinstance(item, bool):
            name = names.get(str(item), "")
        else:
            name = ""
        if name and name not in out:
            out.append(name)
    return out


def record_entry(record: Record, line: int, ctx: ParseContext, folders: list[str] | None = None) -> Entry | Problem:
    """The entry one link record makes, its fields read by the names this
    module knows (another format's records, found its own way: xmllinks.py).
    Its line says where it is; a record with no link or text is a Problem."""
    return _entry(record, line, None, ctx, folders)


def _entry(
    record: Record,
    line: int,
    where: Phrase | None,
    ctx: ParseContext,
    folders: list[str] | None = None,
    *,
    pinned: bool = False,
    names: dict[str, str] | None = None,
) -> Entry | Problem:
    url = _url(record)
    if not url:
        body = _body(record)
        if body:
            entry = _note_entry(record, body, line, names or {})
            _states(entry, {k: v for k, v in _fields(record).items() if v is not None and v != ""}, pinned, ctx)
            return entry
        return Problem(line, "import_no_url", {}, where)
    bad = url_problem(url, line, where)
    if bad:
        return bad
    fields = {**_nested(record), **{k: v for k, v in _fields(record).items() if v is not None and v != ""}}
    if _pocket_status(fields) == "2":
        return Problem(line, "import_pocket_deleted", {}, where)
    title = _text(_pick(fields, TITLE))
    summary_keys: tuple[str, ...] = SUMMARY
    if not title and _text(fields.get("description")):  # Pinboard: the description is the title
        title, summary_keys = _text(fields["description"]), tuple(k for k in SUMMARY if k != "description")
    saved = _time(_pick(fields, SAVED))
    lists = _lists(fields, names or {})
    entry = Entry(
        title=one_line(title) or url,
        url=url,
        source=_text(_pick(fields, SOURCE)) or site_of(url),
        category=one_line(_text(_pick(fields, CATEGORY))) or "/".join(folders or ()) or (lists[0] if lists else ""),
        summary=summary_of(_text(_pick(fields, summary_keys))),
        note=_text(_pick(fields, NOTE)),
        published=day_of(_time(_pick(fields, PUBLISHED))),
        saved_at=saved,
        tags=[*_tags(_pick(fields, TAGS)), *lists[1:]],
        line=line,
    )
    _states(entry, fields, pinned, ctx)
    return entry


def _states(entry: Entry, fields: dict[str, Any], pinned: bool, ctx: ParseContext) -> None:
    """Read and starred (a pinned link is starred), at the saved time when the record gives no other."""
    read = _is_read(fields)
    starred = pinned or _flag(_pick(fields, STARRED))
    if not (read or starred):
        return
    when = entry.saved_at or ctx.as_of
    if read:
        entry.read_at = _time(_pick(fields, READ_AT)) or when
    if starred:
        entry.starred_at = when


def _is_read(fields: dict[str, Any]) -> bool:
    if _pick(fields, READ_AT) is not None:
        return True
    if any(_flag(fields.get(k)) for k in READ):
        return True
    unread = _pick(fields, UNREAD)
    if unread is not None:
        return not _flag(unread)
    if _pocket_status(fields) == "1":
        return True
    state = _pick(fields, STATE)
    return isinstance(state, str) and state.strip().lower() in _READ_STATES


def _pocket_status(fields: dict[str, Any]) -> str | None:
    """Pocket's API (and exports made with it) numbers the state: "0" unread,
    "1" archived, "2" deleted. Only a record with Pocket's ``item_id`` is
    read this way; elsewhere a numeric status means something else."""
    if "itemid" not in fields:
        return None
    return str(fields.get("status", "")).strip()


def _flag(value: Any) -> bool:
    """true/false, 1/0, yes/no, as apps write them."""
    if isinstance(value, str):
        return value.strip().lower() in _TRUE
    return value is True or (isinstance(value, (int, float)) and not isinstance(value, bool) and value != 0)


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


def _time(value: Any) -> datetime | None:
    return parse_time(value) if isinstance(value, (str, int, float)) and not isinstance(value, bool) else None


def _tags(value: Any) -> list[str]:
    """Tags as a list of names or of objects, an object keyed by tag (Pocket's
    API), or one string separated by commas, '|' or (Pinboard) spaces."""
    if isinstance(value, dict):
        value = list(value)
    if isinstance(value, str):
        text = value.strip().strip("[]")
        sep = "," if "," in text else "|" if "|" in text else None
        value = [t.strip().strip("'\"") for t in text.split(sep)]
    if not isinstance(value, list):
        return []
    out = []
    for item in value:
        if isinstance(item, dict):
            item = next((item[k] for k in ("name", "label", "title", "tag") if isinstance(item.get(k), str)), "")
        if isinstance(item, (str, int, float)) and not isinstance(item, bool) and str(item).strip():
            out.append(" ".join(str(item).split()))
    return out
