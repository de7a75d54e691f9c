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

A link may be a list of link objects (Google Reader's ``canonical`` and
``alternate``). An object holding a list of link records is a container,
not a record (a JSON Feed's or Google Reader's top level). Objects that are
only a link (``{"href", "type"}``) and those telling who made a record or
where it came from (``author``, ``origin``, ``feed``) or holding its
pictures are never records; the origin's title is the record's source.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator
from datetime import datetime
from typing import Any

from readlog.inputs.detect import ParseContext
from readlog.inputs.formats.common import (
    SUMMARY_LIMIT,
    csv_header,
    csv_rows,
    csv_table,
    day_first_time,
    html_summary,
    json_records,
    load_json,
    one_line,
    site_of,
    summary_of,
    url_problem,
)
from readlog.inputs.formats.highlights import diigo_annotations
from readlog.inputs.formats.htmltext import html_to_text
from readlog.inputs.reader import InputFile
from readlog.model.entry import Entry, Problem
from readlog.model.epoch import day_of, parse_time
from readlog.model.highlight import Highlight
from readlog.model.messages import Phrase

NAME = "links"
Record = dict[str, Any]

# Names in English first, then as spreadsheets and apps in other languages
# write them (German, French, Spanish, Italian, Dutch, Russian, Polish,
# Chinese), compared as _key writes them: lower case, without spaces or marks.
# The original's address first: beside it, ``url`` is often the app's own copy
# (Readwise Reader's read.readwise.io). ``canonical``/``alternate`` hold link
# objects (Google Reader's items, Atom in JSON), read as below.
URL = (
    "originalurl", "sourceurl", "url", "href", "link", "uri", "urlstring", "resolvedurl", "givenurl", "pageurl",
    "externalurl", "canonical", "canonicalurl", "alternate", "links",
    "lien", "enlace", "collegamento", "webadresse", "ссылка", "адрес", "链接", "网址", "網址", "odnośnik",
)  # fmt: skip
TITLE = (
    "title", "resolvedtitle", "giventitle", "name", "pagetitle", "websitetitle",
    "titel", "titre", "título", "titulo", "titolo", "tytuł", "название", "заголовок", "标题", "標題",
    "nom", "nombre", "nome", "naam", "nazwa", "名称",
)  # fmt: skip
SUMMARY = (
    "excerpt", "extended", "summary", "description", "selection", "preview", "previewtext", "abstract",
    "websitedescription",
    "beschreibung", "auszug", "résumé", "extrait", "descripción", "descripcion", "resumen", "extracto",
    "descrizione", "riassunto", "estratto", "beschrijving", "samenvatting", "opis", "описание", "摘要", "描述",
)  # fmt: skip
CONTENT = ("contenthtml", "content", "contenttext", "body", "bodyhtml", "storytext")  # the article's text, else
NOTE = (
    "note", "notes", "comment", "annotation",
    "notiz", "notizen", "anmerkung", "kommentar", "commentaire", "remarque", "nota", "notas", "comentario",
    "commento", "opmerking", "notatka", "заметка", "комментарий", "备注", "笔记",
)  # fmt: skip
TAGS = (
    "tags", "labels", "tag", "keywords", "documenttags", "tagnames", "categories",
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
    "publishedat", "published", "datepublished", "pubdate", "publisheddate", "publishdate",
    "veröffentlicht", "publié", "publicado", "发布时间",
)  # fmt: skip
READ_AT = ("readat", "dateread", "finishedat", "archivedat", "datearchived", "lastreadat")
READ = (
    "read", "isread", "archived", "isarchived", "archive", "finished", "done",
    "gelesen", "lu", "leído", "leido", "letto", "gelezen", "przeczytane", "прочитано", "已读",
)  # fmt: skip
UNREAD = ("toread", "unread", "isunread", "readlater")
STATE = ("status", "state", "location", "folder", "readingstatus")
STARRED = (
    "starred", "isstarred", "favorite", "favourite", "isfavorite", "isfavourite", "isfav", "fav", "favorited",
    "favourited", "liked", "pinned",
    "marked", "important",
    "favorit", "favoris", "favori", "favorito", "preferito", "favoriet", "ulubione", "избранное", "星标",
)  # fmt: skip
# Not "source": apps put the client there ("web", "ios"). A record's origin
# object (Google Reader's ``origin``, Miniflux's ``feed``) names it too.
SOURCE = ("sitename", "site", "domain", "publisher", "feedtitle", "feedname", "origintitle", "blogname", "blogtitle")
ORIGIN = ("origin", "feed", "source", "site", "publisher", "blog", "website")
CATEGORY = (
    "collection", "category", "list",
    "kategorie", "catégorie", "categoría", "categoria", "categorie", "kategoria", "категория", "分类", "类别",
)  # fmt: skip
LISTS = ("lists", "listids", "collections", "collectionids", "folders")  # ids (or names) of the lists it is in
PINNED = {"pinnedlinks", "pinned", "pins", "pinnedbookmarks", "favorites", "favourites", "starredlinks"}
BODY = ("text", "content", "body", "markdown")  # a note's own text, when it has no link
# A list of passages marked in the article (Pocket's annotations, Omnivore's,
# Readwise's): each its quote, and the reader's own words on it.
HIGHLIGHTS = ("highlights", "annotations", "quotes")
QUOTE = ("quote", "highlight", "exact", "selection", "highlightedtext")
REMARK = ("annotation", "note", "comment")
MARKED_AT = ("createdat", "highlightedat", "created", "addedat", "updatedat", "date", "time", "timestamp")
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
# Other web addresses in a record that are not what was saved: the schema or
# version it follows, its license, the API's own pages, who wrote it, comments.
_NOT_ITS_LINK = re.compile(
    r"^(?:version|schema|context|license|licence|self|next|prev|previous|first|last|api)|author|owner|user"
    r"|profile|home|comment|archive|snapshot",
    re.I,
)
# Keys whose object (or list of objects) tells who made a record or where it
# came from, or holds its pictures and files: never a record of their own,
# and never searched for records (an item's ``origin``, ``author``, ``feed``).
_ATTRIBUTE = re.compile(
    r"(?:authors?|creators?|contributors?|owners?|users?|profiles?|accounts?|origins?|feeds?|sources?|publishers?"
    r"|hubs?|attachments?|enclosures?|media|images?|thumbnails?|icons?|avatars?|covers?|previews?|screenshots?"
    r"|logos?|banners?|photos?|videos?)(?:ref|info|details?)?",
)
# The keys of an object that is only a link (Atom's and Google Reader's
# ``{"href": ..., "type": "text/html"}``, ActivityStreams' Link).
_WRAPPER_KEYS = {
    "href", "url", "uri", "link", "rel", "type", "mediatype", "hreflang", "length", "title", "width", "height",
}  # fmt: skip
# The types a bookmark tree gives its folders and separators (Chrome, Falkon,
# Firefox, the browsers' extension API, Floccus).
_FOLDER_TYPE = re.compile(r"^(?:folder|directory|separator|text/x-moz-place-(?:container|separator))$", re.I)
_HTML = re.compile(r"</(?:p|div|a|b|i|em|strong|span|li|ul|ol|h[1-6]|blockquote|pre|code|table|td|tr)>|<br\s*/?>", re.I)
_STREAM = re.compile(r"user/[^/]+/(label|state/com\.google)/(.+)")  # Google Reader's categories
_TITLE_KEY = re.compile(r'"(?:[A-Za-z]+(?:__|[.:]))?(?:title|name)"\s*:\s*"', re.I)
_LINK_PAIR = re.compile(r'"([A-Za-z_ .:-]{1,30})"\s*:\s*"(?:https?|ftp)://', re.I)
# Where a key names its record before the field: article__url, bookmark.title, dc:title.
_NAMESPACE = re.compile(r"__|[.:/]")
# A key that names its value's type after the field (Apple's property lists:
# ``TitleString``, ``URLString``) is also known by the field's name.
_TYPED = "string"


def _key(name: str) -> str:
    return re.sub(r"[\W_]", "", name.lower())


def _last_key(name: str) -> str:
    """A namespaced key by its last part (article__url -> url, dc:title -> title), else as _key."""
    return _key(_NAMESPACE.split(name)[-1])


def sniff(text: str) -> int:
    stripped = text.lstrip("\ufeff \t\r\n")
    if stripped[:1] in "[{":
        names = [m.group(1) for m in _LINK_PAIR.finditer(text)]  # up to 64 KiB: scanned once
        keys = [_key(name) for name in names]
        if any(k in URL for k in keys) or any(_last_key(name) in URL for name in names):
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
        elif isinstance(item[2], dict) and not _one_record(item[2], 0) and _holds_records(item[2]):
            found = _fold_pinned(list(_records_in(item[2], [_name(item[2])], 0)))
            names = _list_names(item[2])
            for number, (record, folders, pinned) in enumerate(found, 1):
                where = Phrase("import_at_record", number=f"{item[0]}.{number}")
                yield _entry(record, item[1], where, ctx, folders, pinned=pinned, names=names)
        elif isinstance(item[2], dict) and _is_folder(item[2], _fields(item[2])):
            continue  # a folder with nothing in it, or a separator
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
    if _is_record(data) and not _lists_records(data, 0):
        return [(data, [], False)]
    found = list(_records_in(data, [], 0))  # a container (a feed's items beside its own links)
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
        children = [
            (v, pinned or (_key(str(k)) in PINNED and isinstance(v, list)))
            for k, v in value.items()
            if not _is_attribute(k, v)
        ]
    else:
        children = [(c, pinned) for c in value] if isinstance(value, list) else []
    ones = [isinstance(c, dict) and _one_record(c, depth + 1) for c, _ in children]
    records = any(ones)
    for (child, pin), one in zip(children, ones, strict=True):
        if isinstance(child, list):
            yield from _records_in(child, folders, depth + 1, pin)
        elif not isinstance(child, dict) or _is_wrapper(child):
            continue
        elif one:
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
    """A link record: a web address in a field, and something about it beside it
    (an object that is only a link, ``{"href": ..., "type": ...}``, is not one)."""
    return bool(_url(obj)) and _looks_like_record(obj) and not _is_wrapper(obj)


def _one_record(obj: Record, depth: int) -> bool:
    """A record of its own, not a container of records that has a link too (a
    folder's page, a feed's ``alternate``): its link is a string under a name
    apps give it, or nothing below it is a record."""
    if not _is_record(obj):
        return False
    fields = _fields(obj)
    own = any(isinstance(fields.get(name), str) and fields[name].strip() for name in URL)
    return own or not _lists_records(obj, depth)


def _lists_records(obj: Record, depth: int) -> bool:
    """Whether a list below the object holds link records (an object inside
    it, such as Karakeep's ``content``, is a part of it, not one of them)."""
    if depth > DEEPEST:
        return False
    for key, value in obj.items():
        if _is_attribute(key, value):
            continue
        if isinstance(value, list) and _holds_records(value, depth + 1):
            return True
        if isinstance(value, dict) and not _is_wrapper(value) and _lists_records(value, depth + 1):
            return True
    return False


def _is_attribute(key: Any, value: Any) -> bool:
    """An object or list that tells who made a record or where it came from
    (``author``, ``origin``, ``feed``), or holds its pictures and files."""
    return isinstance(value, (dict, list)) and bool(_ATTRIBUTE.fullmatch(_key(str(key))))


def _is_wrapper(obj: Record) -> bool:
    """An object that is only a link: its address (under ``href``, or under
    ``url`` with a ``rel`` or a ``type``) and what kind of link it is."""
    keys = {_key(k) for k in obj if isinstance(k, str)}
    if not keys or not keys <= _WRAPPER_KEYS or ("title" in keys and "rel" not in keys):
        return False
    if "href" not in keys and not keys & {"rel", "type", "mediatype"}:
        return False
    return _wrapped(obj) is not None


def _wrapped(obj: Record) -> str | None:
    fields = _fields(obj)
    value = _pick(fields, ("href", "url", "uri", "link"))
    return value if isinstance(value, str) and _WEB.match(value) else None


def _link_in(value: Any) -> str | None:
    """The address a field holds: a string, a link object, or a list of link
    objects (Google Reader's ``canonical``/``alternate``, Atom in JSON): the
    canonical one, else an HTML one, else the first."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        return _wrapped(value) if _is_wrapper(value) else None
    if not isinstance(value, list) or not value:
        return None
    links = [v for v in value if isinstance(v, dict) and _is_wrapper(v)]
    if len(links) != len(value):
        return None

    def rank(link: Record) -> int:
        fields = _fields(link)
        rel, kind = (str(fields.get(k) or "").lower() for k in ("rel", "type"))
        kind = kind or str(fields.get("mediatype") or "").lower()
        if rel == "canonical":
            return 0
        return 1 if rel in ("", "alternate") and "html" in kind else 2

    return _wrapped(min(links, key=rank))


def _is_folder(obj: Record, fields: dict[str, Any]) -> bool:
    """A bookmark tree's folder or separator, never a record: typed so
    (``"type": "folder"``, ``"separator"``, Firefox's ``text/x-moz-place-container``),
    or without a link and with ``children`` (a browser's bookmark tree as its API writes it)."""
    kind = fields.get("type")
    if isinstance(kind, str) and _FOLDER_TYPE.search(kind.strip()):
        return True
    return isinstance(fields.get("children"), list) and not _url(obj)


def _looks_like_record(obj: Record) -> bool:
    fields = _fields(obj)
    if _is_folder(obj, fields):
        return False
    if _pick(fields, URL) is not None:
        return True
    about = (*TITLE, *SUMMARY, *TAGS, *SAVED, "type")
    return any(k in fields for k in about)


def _fields(record: Record) -> dict[str, Any]:
    """The record's fields by their plain names; a name starting with ``_`` is
    the app's own bookkeeping (Algolia's ``_tags``, ``_highlightResult``). A
    namespaced name (Readability's ``article__url``, ``dc:title``) is also
    known by its last part, where no plain name says it."""
    fields = {_key(k): v for k, v in record.items() if isinstance(k, str) and not k.startswith("_")}
    for k, v in record.items():
        if isinstance(k, str) and not k.startswith("_") and _NAMESPACE.search(k):
            fields.setdefault(_last_key(k), v)
    for k, v in list(fields.items()):
        if k.endswith(_TYPED) and len(k) > len(_TYPED):  # TitleString, URLString: the type after the name
            fields.setdefault(k[: -len(_TYPED)], v)
    return fields


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
    value = _named_link(fields)
    if value is None:
        nested = [_fields(v) for k, v in record.items() if isinstance(v, dict) and _may_hold_link(k, v)]
        value = next((u for u in map(_named_link, nested) if u is not None), None)
    if value is None:
        value = next((v for k, v in fields.items() if isinstance(v, str) and _WEB.match(v) and _may_be_link(k)), None)
    return value.strip() if isinstance(value, str) else ""


def _named_link(fields: dict[str, Any]) -> str | None:
    """The first address under a name apps give the link (see ``_link_in``)."""
    for name in URL:
        value = fields.get(name)
        if value is not None and value != "" and value != []:
            link = _link_in(value)
            if link is not None:
                return link
    return None


def _may_be_link(key: str) -> bool:
    """Whether a web address under this key may be the record's link (not an
    image's, an icon's, a feed's, its schema's or its author's)."""
    return not _NOT_THE_LINK.search(key) and not _NOT_ITS_LINK.search(key)


def _may_hold_link(key: Any, value: Record) -> bool:
    """Whether an object inside a record may hold the record's own link
    (Karakeep's ``content``), not its author's, its origin's or a picture's."""
    return not _is_attribute(key, value) and _may_be_link(_key(str(key)))


def _nested(record: Record) -> dict[str, Any]:
    """The fields of an object nested in the record that holds its link
    (Karakeep's ``content``), for what the record leaves out."""
    for key, value in record.items():
        if isinstance(value, dict) and _may_hold_link(key, value) and _named_link(_fields(value)) is not None:
            return _fields(value)
    return {}


def _body(record: Record) -> str:
    """The text of a record that is a note, not a link: its own ``text``, or
    that of the object inside it that holds it (Karakeep's ``content``,
    Google Reader's ``summary``), not its author's or its origin's. Text
    with closing tags, where nothing says it is plain, is HTML."""
    inside = [_fields(v) for k, v in record.items() if isinstance(v, dict) and not _is_attribute(k, v)]
    for fields in (_fields(record), *inside):
        kind = fields.get("type")
        if isinstance(kind, str) and kind.strip().lower() not in ("text", "note", "markdown"):
            continue  # a link, an image, a file: not a note's text
        value = _pick(fields, BODY)
        found = (value.strip(), kind is None and bool(_HTML.search(value))) if isinstance(value, str) else None
        found = found if found and found[0] else _content(fields, CONTENT, plain=False)  # HN's story_text
        if found:
            return (html_to_text(found[0]) if found[1] else found[0]).strip()
    return ""


def _content(fields: dict[str, Any], names: Iterable[str], *, plain: bool) -> tuple[str, bool] | None:
    """The first text under ``names`` and whether it is HTML: a name that says
    so (``content_html``), an object holding it (Google Reader's ``summary:
    {"content": ...}``, HTML unless its ``type`` says text) or, for an
    article's body (not ``plain``), text with closing tags."""
    for name in names:
        value = fields.get(name)
        if isinstance(value, dict):
            inner = _fields(value)
            text = _pick(inner, ("content", "value", "html"))
            kind = str(inner.get("type") or "html").strip().lower()
            if isinstance(text, str) and text.strip() and not _is_wrapper(value):
                return text.strip(), kind not in ("text", "plain", "text/plain")
        elif isinstance(value, str) and value.strip():
            html = "html" in name or (not plain and bool(_HTML.search(value)))
            return value.strip(), html
    return None


def _summary(fields: dict[str, Any], names: Iterable[str]) -> str:
    """The summary an app wrote (kept whole), else the start of the article's text."""
    for keys, plain in ((names, True), (CONTENT, False)):
        found = _content(fields, keys, plain=plain)
        if found:
            text, html = found
            if html:
                return html_summary(text)
            return summary_of(text, None if plain else SUMMARY_LIMIT)
    return ""


def _origin(record: Record) -> str:
    """The name of the site or feed a record came from, in its origin object."""
    for key, value in record.items():
        if isinstance(value, dict) and _key(str(key)) in ORIGIN:
            name = one_line(_text(_pick(_fields(value), ("title", "name", "sitename"))))
            if name:
                return name
    return ""


def _streams(value: Any) -> tuple[list[str], set[str]]:
    """Google Reader's categories (every app speaking its API writes them):
    ``user/-/label/X`` is the tag X, ``user/-/state/com.google/read`` a state."""
    if not isinstance(value, list):
        return [], set()
    labels, states = [], set()
    for item in value:
        m = _STREAM.fullmatch(item.strip()) if isinstance(item, str) else None
        if m and m.group(1) == "label":
            labels.append(m.group(2))
        elif m:
            states.add(m.group(2))
    return labels, states


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
    tags = _pick(fields, TAGS)
    if not title and _text(fields.get("description")):  # Pinboard: the description is the title
        title, summary_keys = _text(fields["description"]), tuple(k for k in SUMMARY if k != "description")
    saved = _time(_pick(fields, SAVED))
    lists = _lists(fields, names or {})
    entry = Entry(
        title=one_line(title) or url,
        url=url,
        source=_text(_pick(fields, SOURCE)) or _origin(record) or site_of(url),
        category=one_line(_text(_pick(fields, CATEGORY))) or "/".join(folders or ()) or (lists[0] if lists else ""),
        summary=_summary(fields, summary_keys),
        note=_text(_pick(fields, NOTE)),
        highlights=_highlights(fields),
        published=day_of(_time(_pick(fields, PUBLISHED))),
        saved_at=saved,
        tags=[*_tags(tags), *lists[1:]],
        line=line,
    )
    _states(entry, fields, pinned, ctx)
    return entry


def _states(entry: Entry, fields: dict[str, Any], pinned: bool, ctx: ParseContext) -> None:
    """Read and starred (a pinned link is starred), at the saved time when the record gives no other."""
    states = _streams(_pick(fields, TAGS))[1]
    read = "read" in states or _is_read(fields)
    starred = pinned or "starred" in states or _flag(_pick(fields, STARRED))
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


def _highlights(fields: dict[str, Any]) -> list[Highlight]:
    """The passages a record's highlight list marks, each with the reader's own
    words on it, when it was made, and where and in what colour when the record
    says; a highlight with only ``text`` is its passage. Written as one text (a
    CSV cell), it is Diigo's labelled highlights and notes
    (highlights.diigo_annotations), else each of its lines is a passage."""
    value = _pick(fields, HIGHLIGHTS)
    if isinstance(value, str):  # one cell: Diigo's CSV (labelled), else a passage a line; a count is none
        diigo = diigo_annotations(value)
        if diigo is not None:
            return diigo
        value = [] if value.strip().isdigit() else value.splitlines()
    if not isinstance(value, list):
        return []
    out = []
    for item in value:
        if isinstance(item, str):
            mark = Highlight(passage=item.strip())
        elif isinstance(item, dict):
            marks = {_key(k): v for k, v in item.items()}
            quote, remark = _text(_pick(marks, QUOTE)), _text(_pick(marks, REMARK))
            if not quote:
                quote = _text(marks.get("text"))
            elif not remark:
                remark = _text(marks.get("text"))
            mark = Highlight(
                passage=quote,
                note=remark,
                made_at=_time(_pick(marks, MARKED_AT)),
                location=_place(_pick(marks, ("location", "loc"))),
                page=_place(_pick(marks, ("page", "pagenumber"))),
                position=_position(_pick(marks, ("position", "offset", "start", "startoffset"))),
                colour=one_line(_text(_pick(marks, ("color", "colour")))).lower(),
            )
        else:
            continue
        if mark.passage or mark.note:
            out.append(mark)
    return out


def _place(value: Any) -> str:
    """A location or page as the record writes it (digits, a range, ``xii``)."""
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        return ""
    return one_line(str(value))


def _position(value: Any) -> int | None:
    """A character offset: a whole number, not below zero."""
    if isinstance(value, bool):
        return None
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        value = int(value.strip())
    return value if isinstance(value, int) and value >= 0 else None


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


def _time(value: Any) -> datetime | None:
    return parse_time(value) if isinstance(value, (str, int, float)) and not isinstance(value, bool) else None


def _tags(value: Any) -> list[str]:
    """Tags as a list of names or of objects, an object keyed by tag (Pocket's
    API), or one string separated by commas, '|' or (Pinboard) spaces;
    ``no_tag``, Diigo's CSV's word for none, is none."""
    if isinstance(value, dict):
        value = list(value)
    labels, states = _streams(value)
    if labels or states:
        return labels
    if isinstance(value, str):
        text = value.strip().strip("[]")
        if text == "no_tag":
            return []
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
