package org.krou.server;

import java.net.URL;
import org.eclipse.jetty.http.MimeTypes;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.ResourceService;
import org.eclipse.jetty.server.handler.ResourceHandler;
import org.eclipse.jetty.util.resource.ResourceFactory;

/**
 * The web explorer's files, served by Jetty's {@link ResourceHandler} from the jar's directory of
 * them and from nothing else (no class file, no other resource is reachable), so the explorer
 * works offline. Each carries an entity tag and is revalidated by browsers ({@code no-cache}), so
 * a new jar's files are seen at once; {@code /} is {@code index.html}; a directory is never
 * listed.
 */
final class StaticFiles {
    /** Where the files are in the jar. */
    static final String ROOT = "/org/krou/server/web/";

    private StaticFiles() {
    }

    /** The files' handler; a path that names none of them goes to {@code next}. */
    static ResourceHandler handler(Handler next) {
        URL root = StaticFiles.class.getResource(ROOT);
        if (root == null) {
            throw new IllegalStateException("the jar lacks " + ROOT);
        }
        MimeTypes.Mutable types = new MimeTypes.Mutable();
        types.addMimeMapping("html", "text/html;charset=utf-8");
        types.addMimeMapping("js", "text/javascript;charset=utf-8");
        types.addMimeMapping("css", "text/css;charset=utf-8");
        types.addMimeMapping("svg", "image/svg+xml");
        ResourceHandler files = new ResourceHandler(next) {
            @Override
            public MimeTypes getMimeTypes() {
                return types; // the files are UTF-8: said in their Content-Type (started alone, Jetty's defaults say not)
            }
        };
        files.setBaseResource(ResourceFactory.of(files).newResource(root));
        files.setDirAllowed(false);
        files.setWelcomeFiles("index.html");
        files.setWelcomeMode(ResourceService.WelcomeMode.SERVE); // the address stays /?position=...
        files.setEtags(true);
        files.setCacheControl("no-cache");
        files.setAcceptRanges(false);
        files.setUseFileMapping(false);
        return files;
    }
}
