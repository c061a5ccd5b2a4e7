package io.basalt.conformance.fuzz;

import java.util.List;

/** Every kind of bad input the RPC fuzz test sends, and how many of its cases may run at once. */
public final class BadInputKinds {
  /** A kind of bad input: its name in reports, how to make and check a case, and how many run at once. */
  public record Kind(String name, FuzzCase body, int parallelism) {}

  /** Quiet connections mostly wait, so many run together; the others keep the server busy with a few. */
  public static final List<Kind> ALL = List.of(
      new Kind("wrong preamble", HandshakeFuzz::wrongPreamble, 4),
      new Kind("unknown auth byte", HandshakeFuzz::unknownAuth, 4),
      new Kind("truncated frame", FramingFuzz::truncated, 4),
      new Kind("length over the maximum", FramingFuzz::oversized, 4),
      new Kind("malformed request header", FramingFuzz::malformedHeader, 4),
      new Kind("malformed request parameter", CallFuzz::malformedParam, 4),
      new Kind("unknown service or method", CallFuzz::unknownServiceOrMethod, 4),
      new Kind("cell block not matching its metadata", CellBlockFuzz::mismatchedBlock, 4),
      new Kind("silent or trickling connection", SilenceFuzz::quietConnection, 200));

  private BadInputKinds() {}
}
