#pragma once
// Coordinate maths of the SM timeline, free of Qt so it is tested alone:
// which time range is visible, how it maps to pixels, and zoom/pan that keep
// the time under the cursor where it is.
namespace ws {

struct TimelineData {
    double fullStart = 0;  // ns, relative to the run's origin
    double fullEnd = 1;
    double viewStart = 0;  // visible range, ns
    double viewEnd = 1;
    double x0 = 0;        // pixel where the time axis begins
    double width = 1;     // pixels of the time axis
    double minSpan = 20;  // ns: zooming in stops here (below the timer tick nothing is resolved)

    double span() const { return viewEnd - viewStart; }
    double nsPerPixel() const { return span() / width; }
    double mapTimeToX(double t) const { return x0 + (t - viewStart) / span() * width; }
    double mapXToTime(double x) const { return viewStart + (x - x0) / width * span(); }

    void setFullRange(double start, double end);  // also shows all of it
    void showAll();
    // factor > 1 zooms in. The time at anchorX stays at anchorX unless the
    // view would leave the full range, where it is shifted back inside.
    void zoom(double factor, double anchorX);
    void pan(double dxPixels);  // positive moves the view to later times
    void centerOn(double t);
    // Shows [start, end] with a twentieth of it spare on each side, no
    // narrower than minSpan, inside the full range: one launch among others
    // far apart (a host's 800-us launch call between kernels of 3 us).
    void showRange(double start, double end);
    // Whether the view is what showRange(start, end) makes it.
    bool showsRange(double start, double end) const;
    // What a double-click on something spanning [start, end] does in the
    // time views: shows it, or, where it is already shown or spans nothing,
    // all of the run.
    void fitOrShowAll(double start, double end);
    bool zoomedIn() const { return span() < (fullEnd - fullStart) * 0.999; }

private:
    void clampToFull();
};

}  // namespace ws
