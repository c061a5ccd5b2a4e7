package io.basalt.server.ui;

import io.basalt.server.info.WebPages;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The status pages of the info port, at HBase's paths where HBase has the page: {@code /master-status} ({@code /}
 * leads there), {@code /tablesDetailed.jsp}, {@code /table.jsp?name=}, {@code /procedures.jsp},
 * {@code /snapshotsStats.jsp}, {@code /snapshot.jsp?name=}, {@code /conf}, {@code /logLevel} and {@code /stacks};
 * their stylesheet under {@code /static/}. A malformed request gets a 400 page, a path or thing that is not there a
 * 404 page, and a failure a 500 page and a line in the log; the server serves on.
 */
public final class WebUi implements WebPages {
  private static final Logger LOG = LoggerFactory.getLogger(WebUi.class);

  private final Map<String, Handler> handlers;
  private final StaticFiles staticFiles = new StaticFiles();

  public WebUi(ServerSources sources) {
    TableList tables = new TableList(sources);
    handlers = Map.ofEntries(
        Map.entry("/master-status", new MasterStatusPage(sources, tables, new TaskList(sources))),
        Map.entry("/tablesDetailed.jsp", new TablesPage(tables)),
        Map.entry("/table.jsp", new TablePage(sources)),
        Map.entry("/procedures.jsp", new ProceduresPage(sources.frontend().master().procedures())),
        Map.entry("/snapshotsStats.jsp", new SnapshotsPage(sources.frontend().master().snapshots())),
        Map.entry("/snapshot.jsp", new SnapshotPage(sources.frontend().master().snapshots())),
        Map.entry("/conf", new ConfPage(sources.config())),
        Map.entry("/logLevel", LogLevelPage.of(new LogLevels(), sources.config())),
        Map.entry("/stacks", new StacksPage()),
        Map.entry("/keyviz", new KeyVisualizerPage(sources.frontend().keyVisualizer(), sources.frontend().tables())),
        Map.entry("/keyviz/data", new KeyVisualizerData(sources.frontend().keyVisualizer(),
            sources.frontend().tables(), sources.frontend().metrics())));
  }

  @Override
  public Page answer(String path, Map<String, List<String>> parameters) {
    try {
      if (path.equals("/") || path.equals("/index.html")) {
        return Answers.redirect("/master-status");
      }
      if (path.startsWith("/static/")) {
        return staticFiles.answer(path);
      }
      if (path.equals("/favicon.ico")) {
        // Where a browser looks for an icon when the page names none (/conf's XML, /stacks' text).
        return staticFiles.answer("/static/favicon.png");
      }
      Handler handler = handlers.get(path);
      if (handler == null) {
        throw PageException.notFound("This server has no page " + path + ".");
      }
      return handler.answer(new Query(parameters));
    } catch (PageException e) {
      return ErrorPage.of(e.status(), e.getMessage());
    } catch (IOException | RuntimeException | LinkageError e) {
      LOG.error("Could not render the page {}", path, e);
      return ErrorPage.of(500, "The page could not be made (" + e + "); the server's log has the details.");
    }
  }

  @Override
  public Page badRequest(String why) {
    return ErrorPage.of(400, why);
  }
}
