package io.basalt.server.ui;

import io.basalt.hbase.master.ProcedureTracker;
import io.basalt.server.info.WebPages;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * {@code /procedures.jsp}: the master's procedures, those running and then those finished, newest first, a page of
 * {@value Paging#ROWS} at a time. Basalt runs each within the call that asks for it, so a procedure is seldom seen
 * running; the finished ones are the last ten thousand.
 */
final class ProceduresPage implements Handler {
  private final ProcedureTracker procedures;

  ProceduresPage(ProcedureTracker procedures) {
    this.procedures = procedures;
  }

  @Override
  public WebPages.Page answer(Query query) throws PageException {
    int page = query.page();
    List<ProcedureTracker.Completed> finished = new ArrayList<>(procedures.all());
    Collections.reverse(finished);
    Paging paging = Paging.of(finished.size(), page);
    List<ProcedureTracker.Running> running = procedures.running();
    long now = System.currentTimeMillis();

    Html html = Layout.begin("Procedures", "/procedures.jsp");
    Layout.section(html, "running", "Running");
    if (running.isEmpty()) {
      html.element("p", "None.", "class", "none");
    } else {
      html.open("table", "class", "list procedures running");
      html.headings("Type", "Owner", "State", "Start time", "For");
      for (ProcedureTracker.Running procedure : running) {
        html.open("tr").cell(type(procedure.className())).cell(procedure.owner()).cell("RUNNING")
            .cell(Format.time(procedure.submittedMillis()))
            .number(Format.duration(now - procedure.submittedMillis())).close("tr");
      }
      html.close("table");
    }
    Layout.section(html, "finished", "Finished");
    if (finished.isEmpty()) {
      html.element("p", "None since the server started.", "class", "none");
    } else {
      paging.writeLinks(html, number -> Urls.of("/procedures.jsp", "page", number));
      html.open("table", "class", "list procedures finished");
      html.headings("Id", "Type", "Owner", "State", "Start time", "Last update", "Errors");
      for (ProcedureTracker.Completed procedure : paging.rows(finished)) {
        html.open("tr").number(procedure.id()).cell(type(procedure.className())).cell(procedure.owner())
            .cell(procedure.failure() == null ? "SUCCESS" : "FAILED")
            .cell(Format.time(procedure.submittedMillis())).cell(Format.time(procedure.finishedMillis()))
            .cell(procedure.failure() == null ? "" : procedure.failure().reported().toString()).close("tr");
      }
      html.close("table");
      paging.writeLinks(html, number -> Urls.of("/procedures.jsp", "page", number));
    }
    return Answers.html(200, Layout.end(html));
  }

  /** The procedure class's simple name, as HBase's page shows the type. */
  private static String type(String className) {
    return className.substring(className.lastIndexOf('.') + 1);
  }
}
