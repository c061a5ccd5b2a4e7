package io.basalt.server.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** Every value a page writes is text, never markup, in element content and in attribute values alike. */
class HtmlTest {
  @Test
  void valuesAreEscapedInTextAndAttributes() {
    String value = "<script>alert(\"x\" + 'y')</script> & more";
    Html html = new Html().element("td", value, "title", value).link("/table.jsp?name=a&page=2", value);
    String escaped = "&lt;script&gt;alert(&quot;x&quot; + &#39;y&#39;)&lt;/script&gt; &amp; more";
    assertEquals("<td title=\"" + escaped + "\">" + escaped + "</td><a href=\"/table.jsp?name=a&amp;page=2\">"
        + escaped + "</a>", html.toString());
  }

  @Test
  void controlCharactersBecomeReferencesAndANullAttributeIsLeftOut() {
    assertEquals("a&#0;b&#27;c\td&#127;", Html.escape("a\0b\u001bc\td\u007f"));
    assertEquals("<option value=\"x\">x</option>", new Html().element("option", "x", "value", "x", "selected",
        null).toString());
    assertThrows(IllegalArgumentException.class, () -> new Html().open("a", "href"));
  }

  @Test
  void linksEncodeTheirParameters() {
    assertEquals("/table.jsp?name=ns%3At%3Cb%3E", Urls.table("ns:t<b>"));
    assertEquals("/tablesDetailed.jsp?page=2", Urls.of("/tablesDetailed.jsp", "filter", "", "page", 2));
    assertEquals("/x?a=%26%3D%23+%25", Urls.of("/x", "a", "&=# %"));
  }
}
