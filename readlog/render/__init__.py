"""The only package that touches rich: every screen readlog prints is built here.

``output`` holds the Output object that everything printed goes through;
``table`` the entries table's layout, ``cut`` the cutting of rich text to a
width, ``wrapping`` the line breaking of mixed Chinese and English text,
``records`` an entry's shared shapes (its JSON record, its one-line
summary); the other modules render one group of commands each. Imported
text is always turned into ``rich.text.Text`` after passing through
``sanitize.clean``; it is never interpreted as markup.
"""
