package org.krou.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code krou serve} in a JVM of its own: it prints its address, answers the API with the same
 * values as {@code krou probe}, logs each request, and stops gracefully on SIGTERM.
 */
class ServeProcessTest {
    @TempDir
    Path dir;

    @Test
    void servesLogsAndStopsOnSigterm() throws Exception {
        Path data = dir.resolve("data");
        assertEquals(0, CliRun.of("generate", "--max-seeds", "6", "--data", data.toString()).exit());
        Path err = dir.resolve("stderr.txt");
        Process p = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName(), "serve", "--port", "0",
                "--data", data.toString())).redirectError(err.toFile()).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            String first = out.readLine();
            Matcher m = Pattern.compile("krou serve: listening on (http://127\\.0\\.0\\.1:\\d+/) \\(abapa 0\\.\\.6 "
                    + "seeds, from .*\\); ready (\\d+\\.\\d+) s after the JVM started; stop with Ctrl-C or SIGTERM")
                    .matcher(String.valueOf(first));
            assertTrue(m.matches(), first + "\n" + Files.readString(err));
            URI base = URI.create(m.group(1));
            String position = "0 0 0 0 0 1 / 1 0 0 0 0 0 S";
            HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(base.resolve(
                    "/api/v1/abapa?position=" + position.replace(" ", "+"))).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, r.statusCode(), r.body());
            CliRun probe = CliRun.of("probe", "--json", "--data", data.toString(), position);
            String cli = probe.out().trim();
            // the API's answer is the command's, each move with its position after it added
            assertEquals(cli, r.body().replaceAll(",\"position\":\"[^\"]*\"}", "}"));
        } finally {
            p.destroy(); // SIGTERM
        }
        assertTrue(p.waitFor(20, TimeUnit.SECONDS), "stopped after SIGTERM");
        assertEquals(143, p.exitValue(), "the exit status of SIGTERM");
        String log = Files.readString(err, StandardCharsets.UTF_8);
        assertTrue(log.matches("(?s)127\\.0\\.0\\.1 - - \\[[^]]+\\] \"GET /api/v1/abapa\\?position=0\\+0\\+0\\+0\\+0\\+1"
                + "\\+/\\+1\\+0\\+0\\+0\\+0\\+0\\+S HTTP/1\\.1\" 200 \\d+ \\d+ms\nkrou serve: stopped\n"), log);
    }
}
