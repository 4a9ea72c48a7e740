package org.krou.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The web explorer in a real browser: Debian's chromium, headless, driven through chromedriver
 * by Selenium, against a real server. Fails (never skips) when the browser is missing.
 */
class ServerBrowserTest {
    private static final String CHROMIUM = "/usr/bin/chromium";
    private static final String CHROMEDRIVER = "/usr/bin/chromedriver";
    private static final String START = "0 0 1 3 0 2 / 2 1 0 0 1 0 S";

    private static TestServer.Running srv;
    private static ChromeDriver driver;
    private static Path profile;

    @BeforeAll
    static void start() throws Exception {
        if (!new File(CHROMIUM).canExecute() || !new File(CHROMEDRIVER).canExecute()) {
            fail("the browser test needs Debian's chromium and chromium-driver (" + CHROMIUM + ", " + CHROMEDRIVER
                    + "): apt-get install -y chromium chromium-driver (.ci/run installs them)");
        }
        srv = TestServer.start(ServerLimits.DEFAULT);
        profile = Files.createTempDirectory("krou-chromium");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM);
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--user-data-dir=" + profile, "--window-size=800,1200");
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(CHROMEDRIVER)).usingAnyFreePort().build();
        driver = new ChromeDriver(service, options);
    }

    @AfterAll
    static void stop() throws Exception {
        if (driver != null) {
            driver.quit();
        }
        if (srv != null) {
            srv.close();
        }
    }

    private static void waitReady(String position) {
        new WebDriverWait(driver, Duration.ofSeconds(15)).until(d -> {
            WebElement body = d.findElement(By.tagName("body"));
            return "true".equals(body.getAttribute("data-ready")) && position.equals(body.getAttribute("data-position"));
        });
    }

    private static JsonNode probe(String position, String captured) throws Exception {
        return ProbeJson.mapper().readTree(TestServer.get(srv.uri("/api/v1/abapa?position=" + TestServer.q(position)
                + "&captured=" + captured)).body());
    }

    private static String page(String position, String captured) {
        return srv.uri("/?variant=abapa&position=" + TestServer.q(position) + "&captured=" + captured).toString();
    }

    @Test
    void theExplorerShowsTheApiValuesPlaysEditsAndSharesTheUrl() throws Exception {
        driver.get(page(START, "20,18"));
        waitReady(START);
        JsonNode api = probe(START, "20,18");
        // every legal move's value and distance on its pit, as the API says; best ones marked
        int legal = driver.findElements(By.cssSelector(".pit.legal")).size();
        assertEquals(api.get("moves").size(), legal);
        for (JsonNode m : api.get("moves")) {
            WebElement pit = driver.findElement(By.id("pit-" + m.get("move").asText()));
            assertEquals(m.get("value").asText(), pit.getAttribute("data-value"), m.toString());
            assertEquals(m.has("distance") ? m.get("distance").asText() : null, pit.getAttribute("data-distance"));
            boolean best = false;
            for (JsonNode b : api.get("best")) {
                best |= b.asText().equals(m.get("move").asText());
            }
            assertEquals(best ? "true" : null, pit.getAttribute("data-best"), m.toString());
            String cls = pit.getAttribute("class");
            int v = m.get("value").asInt();
            assertTrue(cls.contains(v > 0 ? "win" : v < 0 ? "loss" : "draw"), cls);
        }
        assertEquals("20", driver.findElement(By.id("south-captured")).getText());
        assertTrue(driver.findElement(By.id("status")).getText().contains("South 25, North 23"));
        Files.createDirectories(Path.of("target"));
        Path shot = driver.getScreenshotAs(OutputType.FILE).toPath();
        Files.copy(shot, Path.of("target", "explorer.png"), StandardCopyOption.REPLACE_EXISTING);
        Files.copy(shot, Path.of("..", "docs", "explorer.png"), StandardCopyOption.REPLACE_EXISTING); // README's picture

        // click the first best move: the new position and its URL
        String bestMove = api.get("best").get(0).asText();
        JsonNode chosen = null;
        for (JsonNode m : api.get("moves")) {
            if (m.get("move").asText().equals(bestMove)) {
                chosen = m;
            }
        }
        String after = chosen.get("position").asText();
        driver.findElement(By.id("pit-" + bestMove)).click();
        waitReady(after);
        assertEquals(after, driver.findElement(By.id("position")).getText());
        String url = driver.getCurrentUrl();
        assertTrue(url.contains("position=" + after.replace(' ', '+')), url);
        assertTrue(url.contains("captured=" + (20 + chosen.get("captured").asInt()) + ",18"), url);
        // the shared link opens the same position
        driver.get(url);
        waitReady(after);

        // back with the button after a move, forward with the keyboard
        JsonNode next = probe(after, (20 + chosen.get("captured").asInt()) + ",18");
        String reply = next.get("moves").get(0).get("position").asText();
        driver.findElement(By.id("pit-" + next.get("moves").get(0).get("move").asText())).click();
        waitReady(reply);
        driver.findElement(By.id("back")).click();
        waitReady(after);
        driver.findElement(By.tagName("body")).sendKeys(Keys.ARROW_RIGHT);
        waitReady(reply);
    }

    @Test
    void theEditorSetsAPositionAndRefusesABadOne() {
        driver.get(page(START, "0,0"));
        waitReady(START);
        String[] south = {"1", "0", "0", "0", "0", "2"};
        String[] north = {"0", "0", "3", "0", "0", "0"};
        for (int i = 0; i < 6; i++) {
            set("edit-" + (char) ('a' + i), south[i]);
            set("edit-" + (char) ('A' + i), north[i]);
        }
        driver.findElement(By.cssSelector("#edit-side option[value='N']")).click();
        driver.findElement(By.id("edit-apply")).click();
        String wanted = "1 0 0 0 0 2 / 0 0 3 0 0 0 N";
        waitReady(wanted);
        assertTrue(driver.getCurrentUrl().contains("position=1+0+0+0+0+2+/+0+0+3+0+0+0+N"), driver.getCurrentUrl());
        set("edit-c", "49");
        driver.findElement(By.id("edit-apply")).click();
        WebElement error = driver.findElement(By.id("edit-error"));
        new WebDriverWait(driver, Duration.ofSeconds(5)).until(d -> error.isDisplayed());
        assertTrue(error.getText().contains("pit c must be a whole number from 0 to 48"), error.getText());
        assertEquals("true", driver.findElement(By.id("edit-c")).getAttribute("aria-invalid"));
        assertEquals(wanted, driver.findElement(By.id("position")).getText(), "a bad edit changes nothing");
        set("edit-c", "9");
        driver.findElement(By.id("edit-apply")).click();
        new WebDriverWait(driver, Duration.ofSeconds(5)).until(d -> error.getText().contains("cover 0..10"));
    }

    @Test
    void perfectPlayAnswersForTheSideItIsGivenAndThePageFitsAPhone() throws Exception {
        driver.get(page(START, "0,0"));
        waitReady(START);
        JsonNode pv = ProbeJson.mapper().readTree(TestServer.get(srv.uri("/api/v1/abapa/pv?position="
                + TestServer.q(START))).body());
        String first = pv.get("line").get(0).get("move").asText();
        JsonNode api = probe(START, "0,0");
        String after = null;
        for (JsonNode m : api.get("moves")) {
            if (m.get("move").asText().equals(first)) {
                after = m.get("position").asText();
            }
        }
        driver.findElement(By.cssSelector("#computer option[value='S']")).click();
        waitReady(after);
        driver.findElement(By.cssSelector("#computer option[value='']")).click();
        driver.findElement(By.id("pv-show")).click();
        new WebDriverWait(driver, Duration.ofSeconds(10)).until(d -> !d.findElements(By.cssSelector("#pv-line li"))
                .isEmpty());
        driver.manage().window().setSize(new Dimension(390, 844));
        Object overflow = ((JavascriptExecutor) driver).executeScript(
                "return document.documentElement.scrollWidth - document.documentElement.clientWidth;");
        assertEquals(0L, ((Number) overflow).longValue(), "no sideways scrolling at a phone's width");
        driver.manage().window().setSize(new Dimension(800, 1200));
        assertNull(driver.findElement(By.id("error")).getAttribute("hidden") == null ? "error shown: "
                + driver.findElement(By.id("error")).getText() : null);
        assertFalse(driver.findElements(By.cssSelector(".pit.legal")).isEmpty());
    }

    /** Waits until the page has tried {@code position} and could not answer it. */
    private static void waitRefused(String position) {
        new WebDriverWait(driver, Duration.ofSeconds(15)).until(d -> {
            WebElement body = d.findElement(By.tagName("body"));
            return "error".equals(body.getAttribute("data-ready")) && position.equals(body.getAttribute("data-position"));
        });
    }

    /** The counts drawn on the pits, a..f then A..F. */
    private static String drawnCounts() {
        StringBuilder sb = new StringBuilder();
        for (String pit : new String[] {"a", "b", "c", "d", "e", "f", "A", "B", "C", "D", "E", "F"}) {
            sb.append(sb.length() == 0 ? "" : " ").append(driver.findElement(By.cssSelector("#pit-" + pit + " .count"))
                    .getText());
        }
        return sb.toString();
    }

    private static String text(String id) {
        return driver.findElement(By.id(id)).getText();
    }

    private static boolean enabled(String id) {
        return driver.findElement(By.id(id)).isEnabled();
    }

    /**
     * A position the tables do not cover, or that cannot be read, still shows its board (as far as
     * it can be read), says what is missing, and offers no move; Back and Forward follow the history.
     */
    @Test
    void aPositionWithoutAnAnswerStillShowsItsBoardAndSaysWhy() throws Exception {
        String full = "4 4 4 4 4 4 / 4 4 4 4 4 4 S";
        driver.get(page(full, "0,0"));
        waitRefused(full);
        assertEquals("4 4 4 4 4 4 4 4 4 4 4 4", drawnCounts());
        assertTrue(text("error").contains("the position has 48 seeds on the board; the abapa tables here cover 0..10"),
                text("error"));
        assertTrue(text("status").contains("No values"), text("status"));
        assertEquals(full, text("position"));
        assertTrue(driver.findElements(By.cssSelector(".pit.legal")).isEmpty(), "no move offered");
        assertFalse(enabled("back"), "no history to go back to");
        assertFalse(enabled("forward"), "no history to go forward to");
        Files.createDirectories(Path.of("target"));
        Files.copy(driver.getScreenshotAs(OutputType.FILE).toPath(), Path.of("target", "explorer-uncovered.png"),
                StandardCopyOption.REPLACE_EXISTING);

        String bad = "4 4 4 4 4 / 4 4 4 4 4 4 S";
        driver.get(page(bad, "0,0"));
        waitRefused(bad);
        assertEquals(12, driver.findElements(By.cssSelector(".pit")).size(), "the board is drawn");
        assertTrue(text("error").contains("South has 5 pits"), text("error"));
        assertFalse(enabled("back"));
        assertFalse(enabled("forward"));
        Files.copy(driver.getScreenshotAs(OutputType.FILE).toPath(), Path.of("target", "explorer-unreadable.png"),
                StandardCopyOption.REPLACE_EXISTING);

        // a covered position has both buttons off too, until there is history
        driver.get(page(START, "0,0"));
        waitReady(START);
        assertFalse(enabled("back"));
        assertFalse(enabled("forward"));

        // an address that gives the position twice: refused, as the API refuses it
        driver.get(page(full, "0,0") + "&position=" + TestServer.q(START));
        waitRefused("");
        assertTrue(text("error").contains("position= 2 times: give it once"), text("error"));
        assertEquals(12, driver.findElements(By.cssSelector(".pit")).size(), "the board is drawn");
        assertFalse(enabled("back"));
        assertFalse(enabled("forward"));
    }

    /**
     * Fast arrow keys: an answer that comes back after a newer request was made is not drawn. The
     * page's fetch is wrapped so the first request's answer arrives 1.5 s late, after the second's.
     */
    @Test
    void onlyTheLatestRequestsAnswerIsDrawn() throws Exception {
        driver.get(page(START, "0,0"));
        waitReady(START);
        JsonNode first = probe(START, "0,0").get("moves").get(0);
        String after = first.get("position").asText();
        driver.findElement(By.id("pit-" + first.get("move").asText())).click();
        waitReady(after);
        driver.findElement(By.id("back")).click();
        waitReady(START);
        ((JavascriptExecutor) driver).executeScript(
                "const orig = window.fetch; let n = 0; window.slowDone = false;"
                + "window.fetch = (...a) => { const p = orig(...a); if (n++ > 0) return p;"
                + "  return p.then((r) => new Promise((ok) => setTimeout(() => { ok(r);"
                + "    setTimeout(() => { window.slowDone = true; }, 300); }, 1500)),"
                + "    (e) => { window.slowDone = true; throw e; }); };");
        WebElement body = driver.findElement(By.tagName("body"));
        body.sendKeys(Keys.ARROW_RIGHT); // asks for the position after the move: answered late
        body.sendKeys(Keys.ARROW_LEFT);  // back to the start: answered at once
        new WebDriverWait(driver, Duration.ofSeconds(10)).until(d -> Boolean.TRUE.equals(
                ((JavascriptExecutor) d).executeScript("return window.slowDone;")));
        assertEquals(START, body.getAttribute("data-position"), "the late answer to the older request is drawn");
        assertEquals(START, text("position"));
        assertEquals("true", body.getAttribute("data-ready"));
        assertTrue(driver.getCurrentUrl().contains("position=" + START.replace(' ', '+')), driver.getCurrentUrl());
    }

    private static void set(String id, String value) {
        WebElement e = driver.findElement(By.id(id));
        e.clear();
        e.sendKeys(value);
    }
}
