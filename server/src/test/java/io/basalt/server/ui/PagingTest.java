package io.basalt.server.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Pages of a hundred rows, their links, and the page numbers a request may ask for. */
class PagingTest {
  private final List<Integer> rows = IntStream.range(0, 250).boxed().toList();

  @Test
  void eachPageShowsItsHundredRowsAndLinksToItsNeighbours() throws PageException {
    assertEquals(IntStream.range(0, 100).boxed().toList(), Paging.of(250, 1).rows(rows));
    assertEquals(IntStream.range(200, 250).boxed().toList(), Paging.of(250, 3).rows(rows));
    Html middle = new Html();
    Paging.of(250, 2).writeLinks(middle, number -> "/p?page=" + number);
    assertTrue(middle.toString().contains("href=\"/p?page=1\" class=\"previous\""), middle.toString());
    assertTrue(middle.toString().contains("href=\"/p?page=3\" class=\"next\""), middle.toString());
    assertTrue(middle.toString().contains("page 2 of 3 (250 in all)"), middle.toString());
    Html last = new Html();
    Paging.of(250, 3).writeLinks(last, number -> "/p?page=" + number);
    assertFalse(last.toString().contains("next"), last.toString());
    Html single = new Html();
    Paging.of(100, 1).writeLinks(single, number -> "/p?page=" + number);
    assertEquals("", single.toString(), "one page needs no links");
  }

  @Test
  void pageNumbersAreCheckedAndAnEmptyListHasAFirstPage() throws PageException {
    assertEquals(List.of(), Paging.of(0, 1).rows(List.of()));
    assertEquals(400, assertThrows(PageException.class, () -> Paging.of(250, 4)).status());
    for (String bad : List.of("0", "-1", "abc", "1.5", "99999999999", "")) {
      Query query = new Query(Map.of("page", List.of(bad)));
      assertEquals(400, assertThrows(PageException.class, query::page).status(), bad);
    }
    assertEquals(7, new Query(Map.of("page", List.of(" 7 "))).page());
    assertEquals(1, new Query(Map.of()).page());
  }
}
