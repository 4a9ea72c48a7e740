package org.krou.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * The web explorer's files, read from the jar once at start and served from memory: nothing comes
 * from elsewhere, so the explorer works offline. Each has an entity tag of its content and is
 * revalidated by browsers ({@code no-cache}), so a new jar's files are seen at once.
 */
final class StaticFiles {
    private record File(byte[] body, String type, String etag) {
    }

    /** Where the files are in the jar. */
    private static final String ROOT = "/org/krou/server/web/";

    private final Map<String, File> files;

    private StaticFiles(Map<String, File> files) {
        this.files = files;
    }

    /** Loads the explorer's files. */
    static StaticFiles load() {
        return new StaticFiles(Map.of(
                "/", file("index.html", "text/html; charset=utf-8"),
                "/index.html", file("index.html", "text/html; charset=utf-8"),
                "/app.js", file("app.js", "text/javascript; charset=utf-8"),
                "/style.css", file("style.css", "text/css; charset=utf-8"),
                "/favicon.svg", file("favicon.svg", "image/svg+xml")));
    }

    private static File file(String name, String type) {
        try (InputStream in = StaticFiles.class.getResourceAsStream(ROOT + name)) {
            if (in == null) {
                throw new IllegalStateException("the jar lacks " + ROOT + name);
            }
            byte[] body = in.readAllBytes();
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(body);
            return new File(body, type, "\"" + HexFormat.of().formatHex(hash, 0, 8) + "\"");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + ROOT + name + " from the jar", e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    /** Serves {@code path} if it is one of the files; false otherwise. */
    boolean serve(Request request, Response response, Callback callback, String path) {
        File f = files.get(path);
        if (f == null) {
            return false;
        }
        String method = request.getMethod();
        if (!method.equals("GET") && !method.equals("HEAD")) {
            response.getHeaders().put(HttpHeader.ALLOW, "GET, HEAD");
            throw new Api.Refusal(405, "method " + org.krou.rules.Notation.excerpt(method)
                    + " not allowed here: use GET");
        }
        response.getHeaders().put("X-Content-Type-Options", "nosniff");
        if (!Replies.cached(request, response, callback, f.etag(), "no-cache")) {
            Replies.bytes(response, callback, 200, f.type(), f.body());
        }
        return true;
    }
}
