/*
 * Starts Amazon DynamoDB Local bound to 127.0.0.1 only. DynamoDB Local has no bind option: its
 * Jetty connector listens on every interface. This builds the server exactly as DynamoDB
 * Local's own main does (same command-line arguments), sets the host of each connector to
 * loopback before starting it, and refuses to start if it finds none (never an open listener).
 *
 * Compiled once with javac into a per-user cache (local/java-launcher-cache.ts) and run
 * as a class:
 *   java -cp "<cache dir>:DynamoDBLocal.jar:DynamoDBLocal_lib/*" -Djava.library.path=DynamoDBLocal_lib \
 *     DynamoDbLocalLoopback -port N -dbPath D -disableTelemetry
 * or, without a javac, as a single source file compiled in memory at each start (needs a JDK's
 * jdk.compiler module): the same command with DynamoDbLocalLoopback.java as the main class.
 * local/dynamodb-local.ts runs it (LAB-NOTES, "DynamoDB Local bound to loopback").
 */
import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

public class DynamoDbLocalLoopback {
  private static final String LOOPBACK = "127.0.0.1";

  public static void main(String[] args) throws Exception {
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    if (proxy == null) {
      // -help or -version: DynamoDB Local printed its answer and has nothing to run.
      return;
    }
    // The Jetty server is a private field of DynamoDBProxyServer (DynamoDB Local 3.x).
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    int bound = 0;
    for (Connector connector : server.getConnectors()) {
      if (!(connector instanceof ServerConnector)) {
        throw new IllegalStateException("Unexpected connector " + connector.getClass().getName() + ": refusing to start unbound");
      }
      ((ServerConnector) connector).setHost(LOOPBACK);
      bound++;
    }
    if (bound == 0) throw new IllegalStateException("DynamoDB Local has no connector to bind to " + LOOPBACK);
    proxy.start();
    System.out.println("DynamoDB Local bound to " + LOOPBACK);
    proxy.join();
  }
}
